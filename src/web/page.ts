/**
 * The playground page, bundled in memory by esbuild when the server starts:
 * `page/main.ts` (TypeScript, CodeMirror) → one script, `page/style.css`,
 * `page/index.html`. Nothing is written to disk and nothing is read per
 * request.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

/** Bundles the page; rejects with esbuild's messages when the page's source does not compile. */
export async function buildPage(options: { minify?: boolean } = {}): Promise<Page> {
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
