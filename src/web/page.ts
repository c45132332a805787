/**
 * The playground page: `page/main.ts` (TypeScript, CodeMirror) bundled by
 * esbuild into one script, `page/style.css`, `page/index.html`. The compiled
 * planner (dist/) serves the bundle `npm run build` wrote beside it; run from
 * the sources (tests, `npm run dev`), the page is bundled in memory when the
 * server starts. Nothing is read per request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PageAsset {
  type: string;
  body: string;
}

export interface Page {
  html: PageAsset;
  js: PageAsset;
  css: PageAsset;
}

const pageDir = new URL('./page/', import.meta.url);

const prebuilt = new URL('app.js', pageDir);

/** The page: the bundle written by `npm run build` when this module is the compiled one, else bundled now. */
export async function buildPage(): Promise<Page> {
  if (!import.meta.url.endsWith('.js') || !existsSync(prebuilt)) return bundlePage();
  return {
    html: { type: 'text/html; charset=utf-8', body: readFileSync(new URL('index.html', pageDir), 'utf8') },
    js: { type: 'text/javascript; charset=utf-8', body: readFileSync(prebuilt, 'utf8') },
    css: { type: 'text/css; charset=utf-8', body: readFileSync(new URL('style.css', pageDir), 'utf8') },
  };
}

/** Bundles the page from its sources (esbuild, a development dependency); rejects with esbuild's messages when they do not compile. */
export async function bundlePage(options: { minify?: boolean } = {}): Promise<Page> {
  const { build } = await import('esbuild');
  const r = await build({
    entryPoints: [fileURLToPath(new URL('main.ts', pageDir))],
    bundle: true,
    write: false,
    outfile: 'app.js',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: options.minify ?? true,
    sourcemap: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const js = r.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error('esbuild produced no script for the page');
  return {
    html: { type: 'text/html; charset=utf-8', body: readFileSync(new URL('index.html', pageDir), 'utf8') },
    js: { type: 'text/javascript; charset=utf-8', body: js.text },
    css: { type: 'text/css; charset=utf-8', body: readFileSync(new URL('style.css', pageDir), 'utf8') },
  };
}
