/** Files bundled with planlog, as paths relative to the working directory when that is shorter; and the name the user runs planlog by. */
import { basename, relative } from 'node:path';
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

/**
 * The command line that runs planlog again, for the hints and help texts
 * ("see npx planlog --help"): `planlog` when it was started as a command
 * named planlog found on the PATH (installed with `npm link` or a global
 * install) and not by npm; `npx planlog` otherwise — started by npm
 * (`npx planlog`, `npm start`, `npm exec`: npm sets `npm_command`), or as
 * `node bin/planlog.js` or `node src/cli.ts` — which works in the project
 * folder and wherever planlog is a dependency. `planlog` alone is not on
 * the PATH of a checkout.
 */
export function programName(env: NodeJS.ProcessEnv = process.env, script: string = process.argv[1] ?? ''): string {
  return env.npm_command === undefined && basename(script) === 'planlog' ? 'planlog' : 'npx planlog';
}
