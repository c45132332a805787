/**
 * The planning theory's source files (src/prolog/*.pl) and the queries that
 * run it. The theory is prelude.pl + search.pl + one variant: plain.pl (the
 * original's state as one sorted list of all facts) or fast.pl (static facts
 * in the database, compiled operators); both run unchanged in SWI-Prolog.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PrologSource } from './engine.ts';

export const theories = ['plain', 'fast'] as const;
export type TheoryName = (typeof theories)[number];

/** The variant run when none is named. */
export const defaultTheory: TheoryName = 'fast';

/** Absolute path of a theory file, e.g. `search.pl`. */
export function theoryPath(name: string): string {
  return fileURLToPath(new URL(`./${name}`, import.meta.url));
}

const cache = new Map<string, string>();

function source(name: string): PrologSource {
  let text = cache.get(name);
  if (text === undefined) cache.set(name, (text = readFileSync(theoryPath(name), 'utf8')));
  return { file: `src/prolog/${name}`, text };
}

/** The theory's files in consult order. */
export function theorySources(theory: TheoryName): PrologSource[] {
  return [source('prelude.pl'), source('search.pl'), source(`${theory}.pl`)];
}

export function isTheory(name: string): name is TheoryName {
  return (theories as readonly string[]).includes(name);
}
