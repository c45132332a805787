/**
 * Random inputs for the property tests: arbitrary strings, token soups that
 * look like Prolog, levels or plans, and mutations of real files (a few
 * characters deleted, tokens inserted), which reach the checks behind the
 * grammar. Every property is seeded (PLANLOG_FC_SEED, default below) and
 * bounded (PLANLOG_FC_RUNS scales the number of runs), so a failure is
 * reproducible from the seed and path fast-check prints.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';

/** The seed of every property (override with PLANLOG_FC_SEED to explore). */
export const SEED = Number(process.env.PLANLOG_FC_SEED ?? 20_240_901);

/** Multiplies every property's number of runs (PLANLOG_FC_RUNS=10 for a long fuzzing session). */
const SCALE = Number(process.env.PLANLOG_FC_RUNS ?? 1);

/** fast-check parameters: the fixed seed, `runs` × the scale, a wall-clock cap on the whole property. */
export function fcParams(runs: number): fc.Parameters<unknown> {
  return { seed: SEED, numRuns: Math.max(1, Math.round(runs * SCALE)), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true };
}

/** A text file of the project (relative to its root). */
export function projectText(rel: string): string {
  return readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
}

/** Tokens of the Prolog subset and of its usual mistakes. */
export const PROLOG_TOKENS = [
  'opn(', 'opn', 'init(', 'goal(', 'box(', 'sokoban(', '(', ')', '[', ']', '|', ',', '.', '. ', '.\n', ' ', '  ', '\n', '\t', '\r\n', '\r',
  "'", "'q w'", "'\\n'", "''", "'\\", '"', '"s"', 'a', 'b1', 'x1y2', 'X', 'Y', 'From', '_', '_Z', '0', '42', '-3', '99999999999999999999',
  ':-', '\\+', '\\=', '=', '==', 'is', '+', '-', '*', '/', 'mod', ';', '->', '!', '%', '% c\n', '/*', '*/', "0'a", '0x1F', '1.5', 'é',
  '\u0000', '\u007f', '\ud800', '\u{1f600}', '\\', '`', '{', '}',
];

/** Characters and lines of level files. */
export const LEVEL_TOKENS = [
  '#', '#', '#', '@', '+', '$', '*', '.', ' ', ' ', '-', '_', '\n', '\n', '\r\n', '\r', '\t', ';', '; title\n', 'Title: t\n', 'Author: a\n', 'x', '\n\n', '\ufeff',
];

/** Pieces of plan files: operator terms, step numbers, comments, JSON. */
export const PLAN_TOKENS = [
  'moveR(x1y1,x2y1)', 'pushR(x1y1,x2y1,x3y1)', 'moveL', '(', ')', ',', '.', '\n', ' ', '1. ', '2: ', '% c', '; c', '[', ']', '{', '}', '"', '"plan"', ':',
  '"moveR(x1y1,x2y1)"', 'null', '12', 'X', "'", '\\', '\t',
];

/** A string of `tokens` (at most `max` of them). */
export function tokenSoup(tokens: readonly string[], max = 60): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...tokens), { maxLength: max }).map((t) => t.join(''));
}

/** Arbitrary strings: any UTF-16 (lone surrogates included), and printable ASCII with newlines. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom(...' \n\t()[],.#@$*+-_;%\'"|\\=:abcXY019'.split('')), maxLength: 200 }),
  fc.string({ maxLength: 200 }),
);

interface Edit {
  at: number;
  del: number;
  ins: string;
}

/** `base` with a few edits: each deletes up to 6 characters at a position and inserts a token. */
export function mutated(bases: readonly string[], tokens: readonly string[]): fc.Arbitrary<string> {
  const edit: fc.Arbitrary<Edit> = fc.record({ at: fc.nat(), del: fc.nat({ max: 6 }), ins: fc.oneof(fc.constantFrom(...tokens), fc.constant('')) });
  return fc.record({ base: fc.constantFrom(...bases), edits: fc.array(edit, { minLength: 1, maxLength: 4 }) }).map(({ base, edits }) => {
    let s = base;
    for (const e of edits) {
      const at = s.length === 0 ? 0 : e.at % (s.length + 1);
      s = s.slice(0, at) + e.ins + s.slice(at + e.del);
    }
    return s;
  });
}
