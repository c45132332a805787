// The second half of `npm run build` (after tsc): what the compiled planner
// needs besides JavaScript — the planning theory's Prolog files and the
// playground page, bundled once here instead of at every `serve` start.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

const src = new URL('../src/', import.meta.url);
const dist = new URL('../dist/', import.meta.url);

mkdirSync(new URL('prolog/', dist), { recursive: true });
for (const f of readdirSync(new URL('prolog/', src))) if (f.endsWith('.pl')) copyFileSync(new URL(`prolog/${f}`, src), new URL(`prolog/${f}`, dist));

// the page's bundler from the sources (esbuild and tsx are build-time tools)
register();
const { bundlePage } = await import(new URL('web/page.ts', src).href);
const page = await bundlePage();
const out = new URL('web/page/', dist);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('index.html', out), page.html.body);
writeFileSync(new URL('style.css', out), page.css.body);
writeFileSync(new URL('app.js', out), page.js.body);
writeFileSync(new URL('.built', dist), `${new Date().toISOString()}\n`);
console.log(`dist/: the planner, ${readdirSync(new URL('prolog/', dist)).filter((f) => f.endsWith('.pl')).length} theory files, the page (${Math.round(page.js.body.length / 1024)} KiB script)`);
