/**
 * Issue 13, point 1: whatever planlog's parser accepts, tau-prolog and
 * SWI-Prolog read as the same clauses. A checker that reads a text one way
 * while an engine reads it another (a "%" comment that planlog ends at LF
 * only, the engine also at CR) lets code past the check; since then the
 * engines only get text printed by planlog, but the grammar must still agree
 * with them, and this test keeps it so.
 *
 * Inputs (seeded, src: tests/properties/arbitraries.ts): random clause texts
 * built from terms with random layout between their tokens (comments ending
 * in every kind of line end, block comments, control and separator
 * characters), random quoted atoms, and mutations of the project's own
 * domain and problem files with line-end and other characters inserted at
 * random places. Each text planlog accepts is read by each engine with
 * read_term/3 in a loop (the same reader the engines load planning data
 * with) and compared clause by clause (tests/security/reading.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectText, SEED } from '../properties/arbitraries.ts';
import { engineReadings, planlogReading, withSwipl, type EngineReading } from './reading.ts';

/** Texts generated per family (the accepted ones go to the engines; × PLANLOG_FC_RUNS). */
const RUNS = Math.max(1, Math.round(400 * Number(process.env.PLANLOG_FC_RUNS ?? 1)));

// ------------------------------------------------------------- generators

/** What may stand between two tokens: layout, comments with every kind of ending, and characters the engines see differently. */
const LINE_ENDS = ['\n', '\r', '\r\n', '\u2028', '\u2029'];
const ODD = ['\u000b', '\u000c', '\u0085', '\u00a0', '\ufeff', '\u0000', '\u0007', '\u001f', '\u007f', '\ud800', 'é', '\u{1f600}'];
const rare = <T>(common: fc.Arbitrary<T>, odd: fc.Arbitrary<T>, oddWeight = 1): fc.Arbitrary<T> => fc.oneof({ weight: 12, arbitrary: common }, { weight: oddWeight, arbitrary: odd });
const comment: fc.Arbitrary<string> = fc
  .tuple(rare(fc.constantFrom(' x', '', ' a. b.', ' :- halt.', " '", ' /*'), fc.constantFrom(...ODD)), rare(fc.constantFrom(...LINE_ENDS), fc.constantFrom(...ODD)))
  .map(([c, e]) => `%${c}${e} `);
const gap: fc.Arbitrary<string> = fc.oneof(
  { weight: 100, arbitrary: fc.constantFrom('', '', ' ', ' ', '  ', '\t', ...LINE_ENDS) },
  { weight: 6, arbitrary: comment },
  { weight: 3, arbitrary: fc.constantFrom('/* c */ ', '/**/ ', '/* a.\n b. */ ', '/* \r */ ', '/* % */ ', '/* \u2028 */ ', '/**/', '\u000b', '\u000c') },
  { weight: 1, arbitrary: fc.constantFrom(...ODD) },
);

/** Characters of quoted atoms: plain ones, escapes (known and not), raw line ends, controls, quotes. */
const QCHARS = ['a', 'B', ' ', '.', '%', '/*', ',', '(', ')', "''", '\\n', '\\t', '\\\\', "\\'", '\\"', '\\`', '\\a', '\\x41\\', '\\u0041', '\t', ...LINE_ENDS, ...ODD];
const quoted: fc.Arbitrary<string> = fc
  .array(rare(fc.constantFrom('a', 'B', ' ', '.', '%', ',', 'é', '\u{1f600}'), fc.constantFrom(...QCHARS), 3), { maxLength: 5 })
  .map((cs) => `'${cs.join('')}'`);

const NAMES = ['a', 'b1', 'foo', 'opn', 'init', 'halt', 'x1y2', 'fooBar'];
const SYMBOLS = ['+', '-', '*', '\\=', '=', '==', ':-', '->', ';', '!', '[]', '\\+', '.', '|', '=..', '@'];
const VARS = ['X', 'Y', '_', '_A', 'Long_Name'];
const INTS = ['0', '42', '-3', '007', '-(1)'];

type Tok = string[];

/** A term as tokens (layout goes between tokens, never inside one or between a name and its "("). */
const term: fc.Memo<Tok> = fc.memo((n: number) => {
  const leaf: fc.Arbitrary<Tok> = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...NAMES, ...VARS, ...INTS).map((t) => [t]) },
    { weight: 1, arbitrary: fc.constantFrom(...SYMBOLS).map((t) => [t]) },
    { weight: 2, arbitrary: quoted.map((q) => [q]) },
  );
  if (n <= 1) return leaf;
  const sub = term(n - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 3, arbitrary: fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.constantFrom(...SYMBOLS) }, { weight: 1, arbitrary: quoted }), fc.array(sub, { minLength: 1, maxLength: 3 })).map(([f, args]) => [`${f}(`, ...args.flatMap((a, i) => (i > 0 ? [',', ...a] : a)), ')']) },
    { weight: 2, arbitrary: fc.tuple(fc.array(sub, { maxLength: 3 }), fc.option(sub, { nil: null })).map(([items, tail]) => ['[', ...items.flatMap((a, i) => (i > 0 ? [',', ...a] : a)), ...(tail && items.length > 0 ? ['|', ...tail] : []), ']']) },
    { weight: 2, arbitrary: fc.tuple(sub, fc.constantFrom('=', '\\=', 'is', '<', '+', '-', '*', '/', 'mod', ',', ';', '->', ':-'), sub).map(([l, op, r]) => ['(', ...l, op, ...r, ')']) },
    { weight: 1, arbitrary: sub.map((t) => ['\\+', ...t]) },
  );
});

/** A clause: a fact, a rule or a directive, as tokens ending in ".". */
const clause: fc.Arbitrary<Tok> = fc.oneof(
  term(3).map((h) => [...h, '.']),
  fc.tuple(term(3), term(3)).map(([h, b]) => [...h, ':-', ...b, '.']),
  term(2).map((b) => [':-', ...b, '.']),
);

/** Clauses with random layout between tokens (and after the last). */
const randomText: fc.Arbitrary<string> = fc
  .array(clause, { minLength: 1, maxLength: 3 })
  .chain((cs) => {
    const toks = cs.flat();
    return fc.array(gap, { minLength: toks.length + 1, maxLength: toks.length + 1 }).map((gaps) => gaps[0] + toks.map((t, i) => t + gaps[i + 1]).join(''));
  });

/** The project's own files with a few characters inserted (line ends above all) or deleted at random places. */
const BASES = ['domains/robot.pl', 'domains/robot-problem.pl', 'domains/blocks.pl', 'tests/fixtures/lang/tiny-problem.pl'].map(projectText);
const INSERTS = [...LINE_ENDS, ...LINE_ENDS, ...LINE_ENDS, ...ODD, '%', '% ', '% x', "'", '/*', '*/', '.', ' ', ':- halt. ', "'\\n'", '\\'];
const mutatedText: fc.Arbitrary<string> = fc
  .record({ base: fc.constantFrom(...BASES), edits: fc.array(fc.record({ at: fc.nat(), del: fc.nat({ max: 2 }), ins: fc.constantFrom(...INSERTS) }), { minLength: 1, maxLength: 3 }) })
  .map(({ base, edits }) => {
    let s = base;
    for (const e of edits) {
      const at = e.at % (s.length + 1);
      s = s.slice(0, at) + e.ins + s.slice(at + e.del);
    }
    return s;
  });

// ------------------------------------------------------------------ the test

const show = (r: EngineReading | null | undefined): string => JSON.stringify(r);

async function differences(family: fc.Arbitrary<string>, seed: number): Promise<{ accepted: number; total: number; diffs: string[] }> {
  const texts = fc.sample(family, { numRuns: RUNS, seed });
  const accepted: { text: string; planlog: string[] }[] = [];
  for (const text of texts) {
    const r = planlogReading(text);
    if (r !== null) accepted.push({ text, planlog: r });
  }
  // a byte order mark is the file's encoding, not Prolog text: SWI-Prolog drops it when it opens a file, and planlog never prints one
  const { tau, swipl } = await engineReadings(accepted.map((a) => a.text.replace(/^\uFEFF/, '')));
  const diffs: string[] = [];
  accepted.forEach((a, i) => {
    const want = show(a.planlog);
    if (show(tau[i]) !== want) diffs.push(`tau-prolog reads ${JSON.stringify(a.text)} as ${show(tau[i])}, planlog as ${want}`);
    if (swipl && show(swipl[i]) !== want) diffs.push(`SWI-Prolog reads ${JSON.stringify(a.text)} as ${show(swipl[i])}, planlog as ${want}`);
  });
  return { accepted: accepted.length, total: texts.length, diffs };
}

describe(`planlog's grammar and the engines read every accepted text alike${withSwipl ? '' : ' (tau-prolog only: swipl-wasm is not installed)'}`, () => {
  it('random clause texts with comments, quoted atoms and line ends between their tokens', async () => {
    const r = await differences(randomText, SEED);
    expect(r.diffs).toEqual([]);
    // the family must reach the engines: enough of it passes the grammar
    expect(r.accepted).toBeGreaterThan(RUNS / 10);
  }, 120_000);

  it("mutations of the project's domain and problem files (line ends and odd characters inserted)", async () => {
    const r = await differences(mutatedText, SEED + 1);
    expect(r.diffs).toEqual([]);
    expect(r.accepted).toBeGreaterThan(RUNS / 10);
  }, 120_000);
});
