/** Files bundled with planlog, as paths relative to the working directory when that is shorter. */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

function bundled(rel: string): string {
  const abs = fileURLToPath(new URL(`../../${rel}`, import.meta.url));
  const r = relative(process.cwd(), abs);
  return r.startsWith('..') ? abs : r;
}

/** The default domain: the eight Sokoban operators. */
export const bundledDomain = bundled('domains/sokoban.pl');
/** The level `npm start` solves. */
export const demoLevel = bundled('maps/demo.txt');
