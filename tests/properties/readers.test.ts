/**
 * Every reader of user input, fed random text: arbitrary strings, token
 * soups (Prolog tokens, brackets, quotes, `opn(`, level characters, plan
 * lines) and mutations of the project's own files. Each answers with a
 * result or a located PlanlogError (tests/properties/located.ts) — never
 * another exception — and within a time proportional to the input's size
 * (a bound a thousand times above the usual milliseconds: a hang or a
 * quadratic blow-up fails, a busy machine does not).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseDomain } from '../../src/lang/domain.ts';
import { parseProgram } from '../../src/lang/parse.ts';
import { readPlan } from '../../src/lang/plan.ts';
import { formatProblem } from '../../src/lang/print.ts';
import { parseProblem } from '../../src/lang/problem.ts';
import { loadProblem } from '../../src/core/load.ts';
import { lurdSteps, solveLoaded, validateSteps } from '../../src/pipeline/solve.ts';
import { compileLevel } from '../../src/sokoban/compile.ts';
import { readLevels, scanLevels, selectLevel } from '../../src/sokoban/level.ts';
import { anyText, fcParams, LEVEL_TOKENS, mutated, PLAN_TOKENS, projectText, PROLOG_TOKENS, tokenSoup } from './arbitraries.ts';
import { resultOrLocated } from './located.ts';

const FILE = 'input.txt';
const SOKOBAN_PL = projectText('domains/sokoban.pl');
const sokoban = parseDomain(SOKOBAN_PL, 'sokoban.pl');
const TUTORIAL = projectText('maps/tutorial.txt');
const level2 = loadProblem({ file: 'tutorial.txt', text: TUTORIAL, level: 2, domainFile: 'sokoban.pl', domainText: SOKOBAN_PL });
const ROBOT_PROBLEM = projectText('domains/robot-problem.pl');

/** Runs per property (× PLANLOG_FC_RUNS). */
const READER_RUNS = 250;

type Reader = (text: string) => unknown;

/** Every level of the text, then the selection of a few specs, each compiled. */
const levelPipeline: Reader = (text) => {
  const entries = scanLevels(text, FILE);
  for (const e of entries) if (e.level) compileLevel(e.level);
  for (const spec of [undefined, 1, '2', 'title', ' 3 ']) {
    const chosen = resultOrLocated(() => selectLevel(entries, spec, FILE), { [FILE]: text });
    if (chosen?.level) compileLevel(chosen.level);
  }
  return entries;
};

/** Load the text as a level and search it a little (grounding, search and validation included). */
const solveLevel: Reader = (text) => {
  const loaded = loadProblem({ file: FILE, text, domainFile: 'sokoban.pl', domainText: SOKOBAN_PL });
  return solveLoaded(loaded, { algo: 'bfs', maxNodes: 300 });
};

/** The text as a domain for the robot problem, searched a little. */
const solveWithDomain: Reader = (text) => {
  const loaded = loadProblem({ file: 'robot-problem.pl', text: ROBOT_PROBLEM, domainFile: FILE, domainText: text });
  return solveLoaded(loaded, { algo: 'bfs', maxNodes: 300 });
};

const readers: Record<string, { read: Reader; texts?: (text: string) => Record<string, string> }> = {
  parseProgram: { read: (t) => parseProgram(t, FILE) },
  parseDomain: { read: (t) => parseDomain(t, FILE) },
  parseProblem: { read: (t) => parseProblem(t, FILE) },
  'parseProblem with the Sokoban domain': { read: (t) => parseProblem(t, FILE, sokoban) },
  'a domain, grounded and searched': { read: solveWithDomain, texts: (t) => ({ [FILE]: t, 'robot-problem.pl': ROBOT_PROBLEM }) },
  readLevels: { read: (t) => readLevels(t, FILE) },
  'scanLevels, selectLevel, compileLevel': { read: levelPipeline },
  'a level, grounded and searched': { read: solveLevel, texts: (t) => ({ [FILE]: t, 'sokoban.pl': SOKOBAN_PL }) },
  readPlan: { read: (t) => readPlan(t, FILE) },
  'a plan file, validated on a level': { read: (t) => validateSteps(level2, readPlan(t, FILE)), texts: (t) => ({ [FILE]: t, 'tutorial.txt': TUTORIAL }) },
  'a LURD string, validated on a level': { read: (t) => validateSteps(level2, lurdSteps(level2, t, FILE)) },
};

const problemText = formatProblem(compileLevel(level2.level!), { staticPreds: new Set(['top', 'right']) });
const planLines = 'moveR(x1y1,x2y1).\nmoveR(x2y1,x3y1).\npushR(x3y1,x4y1,x5y1).\npushR(x4y1,x5y1,x6y1).\n';
const families: Record<string, fc.Arbitrary<string>> = {
  'arbitrary strings': anyText,
  'Prolog tokens': tokenSoup(PROLOG_TOKENS),
  'level characters': tokenSoup(LEVEL_TOKENS, 150),
  'plan pieces': tokenSoup(PLAN_TOKENS),
  'LURD letters': tokenSoup(['l', 'u', 'r', 'd', 'L', 'U', 'R', 'D', ' ', '\n', 'x', '\u{1f600}'], 40),
  'mutated domains': mutated([SOKOBAN_PL, projectText('domains/sokoban-pushes.pl'), projectText('domains/robot.pl')], PROLOG_TOKENS),
  'mutated problems': mutated([ROBOT_PROBLEM, problemText, projectText('tests/fixtures/lang/tiny-problem.pl')], PROLOG_TOKENS),
  'mutated levels': mutated([TUTORIAL, projectText('maps/demo.txt'), projectText('maps/bench.txt'), projectText('maps/unsolvable.txt')], LEVEL_TOKENS),
  'mutated plans': mutated([planLines, `[${planLines.replace(/\.\n/g, ', ').slice(0, -2)}]`, JSON.stringify({ status: 'solved', plan: planLines.trim().split('.\n') }, null, 2)], PLAN_TOKENS),
};

/** Which families feed which reader. */
const feeds: Record<string, string[]> = {
  parseProgram: ['arbitrary strings', 'Prolog tokens', 'mutated domains', 'mutated problems'],
  parseDomain: ['arbitrary strings', 'Prolog tokens', 'mutated domains'],
  parseProblem: ['arbitrary strings', 'Prolog tokens', 'mutated problems'],
  'parseProblem with the Sokoban domain': ['Prolog tokens', 'mutated problems'],
  'a domain, grounded and searched': ['Prolog tokens', 'mutated domains'],
  readLevels: ['arbitrary strings', 'level characters', 'mutated levels'],
  'scanLevels, selectLevel, compileLevel': ['arbitrary strings', 'level characters', 'mutated levels'],
  'a level, grounded and searched': ['level characters', 'mutated levels'],
  readPlan: ['arbitrary strings', 'Prolog tokens', 'plan pieces', 'mutated plans'],
  'a plan file, validated on a level': ['plan pieces', 'mutated plans'],
  'a LURD string, validated on a level': ['arbitrary strings', 'LURD letters'],
};

describe.each(Object.keys(readers))('%s', (name) => {
  const { read, texts } = readers[name];
  it.each(feeds[name])('answers %s with a result or a located PlanlogError', (family) => {
    fc.assert(
      fc.property(families[family], (text) => {
        resultOrLocated(() => read(text), texts ? texts(text) : { [FILE]: text });
      }),
      fcParams(READER_RUNS),
    );
  });
});
