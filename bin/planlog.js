#!/usr/bin/env node
// The `planlog` command. It runs the compiled planner in dist/ (`npm run
// build`, which `npm ci` runs as `prepare`), so it starts without a
// TypeScript loader. In a checkout whose sources are newer than dist/ (or
// without dist/), it runs the sources through tsx's loader instead, so an
// edit is never shadowed by a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
// written last by the build (scripts/build-assets.mjs)
const stamp = new URL('../dist/.built', import.meta.url);
const sources = new URL('../src/', import.meta.url);

/** The newest modification time of a file under the folder (ms). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = new URL(e.isDirectory() ? `${e.name}/` : e.name, dir);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const fresh = existsSync(compiled) && existsSync(stamp) && (!existsSync(sources) || statSync(stamp).mtimeMs >= newest(sources));
if (fresh) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('cli.ts', sources).href);
}
