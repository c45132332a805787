/**
 * The CLI in-process: `main(argv, io)` with a fake Io that collects stdout
 * and stderr and reads real files. Exit codes, JSON objects and message
 * texts follow shared/DESIGN.md.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { runMain, type Run } from './run-main.ts';

/** A path of the project as the user would type it from the working directory. */
const project = (p: string): string => {
  const abs = fileURLToPath(new URL(`../../${p}`, import.meta.url));
  const r = relative(process.cwd(), abs);
  return r.startsWith('..') ? abs : r;
};
const TUTORIAL = project('maps/tutorial.txt');
const UNSOLVABLE = project('maps/unsolvable.txt');
const SOKOBAN_PL = project('domains/sokoban.pl');

const tmp = mkdtempSync(join(tmpdir(), 'planlog-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const tmpFile = (name: string, text: string): string => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};

const run = runMain;

async function runJson(...argv: string[]): Promise<{ code: number; json: any; err: string }> {
  const r = await run(...argv);
  return { code: r.code, json: JSON.parse(r.out), err: r.err };
}

/** The recorded optimal lengths of maps/tutorial.txt (`; optimal: N moves`). */
const TUTORIAL_OPTIMAL = [1, 4, 6, 9, 12, 12, 13, 16, 25];

// Regression (fixed in 3b989ed): on tutorial level 7 the goal box(x4y3) is
// atom 31, which the packed search space never saw as true (unsigned mask vs
// signed AND): bfs answered "unsolvable" and iddfs searched until its limit.

describe('solve --json', () => {
  it('tutorial level 7: solved in 13 by bfs, optimal (atom 31 is the goal)', async () => {
    const { code, json, err } = await runJson('solve', TUTORIAL, '--level', '7', '--algo', 'bfs', '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(json.status).toBe('solved');
    expect(json.length).toBe(13);
    expect(json.plan).toHaveLength(13);
    expect(json.cost).toBe(13);
    expect(json.optimal).toBe(true);
    expect(json.lurd).toMatch(/^[udlrUDLR]{13}$/);
    expect(json.moves).toBe(13);
    expect(json.pushes).toBe(3);
    expect(json.pushes).toBe(json.lurd.replace(/[a-z]/g, '').length);
    expect(json.algo).toBe('bfs');
    expect(json.heuristic).toBe('none');
    expect(json.backend).toBe('ts');
    expect(json.cycle).toBe('state');
    expect(json.stats.expanded).toBeGreaterThan(0);
    expect(json.stats.atoms).toBe(40);
    expect(json.stats.operators).toBe(52);
    expect(json.level).toEqual({ file: TUTORIAL, number: 7, title: 'Two boxes, one at a time' });
  });

  it('without --algo a level is solved by auto (push-level portfolio), which does not claim optimality; a Prolog problem by bfs', async () => {
    const { code, json } = await runJson('solve', TUTORIAL, '--level', '7', '--json');
    expect(code).toBe(0);
    expect(json).toMatchObject({ status: 'solved', algo: 'auto', optimal: false });
    expect(json.pushes).toBeGreaterThanOrEqual(3);
    const pruned = await runJson('solve', TUTORIAL, '--level', '7', '--algo', 'bfs', '--prune', 'deadlocks', '--json');
    expect(pruned.json).toMatchObject({ status: 'solved', algo: 'bfs', length: 13, optimal: true });
    expect((await run('solve', TUTORIAL, '--prune', 'corners')).err).toContain("unknown pruning 'corners'");
  });

  it('tutorial level 7 with --algo iddfs: same length 13', async () => {
    // --max-nodes keeps a regression short; iddfs needs under 2,000 expansions here.
    const { code, json } = await runJson('solve', TUTORIAL, '--level', '7', '--algo', 'iddfs', '--max-nodes', '200000', '--json');
    expect(code).toBe(0);
    expect(json.status).toBe('solved');
    expect(json.length).toBe(13);
    expect(json.algo).toBe('iddfs');
    expect(json.optimal).toBe(true);
  });

  it('the same contract on tutorial level 8 (bfs): every field', async () => {
    const { code, json, err } = await runJson('solve', TUTORIAL, '--level', '8', '--algo', 'bfs', '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(Object.keys(json).sort()).toEqual(
      ['algo', 'backend', 'cost', 'cycle', 'heuristic', 'heuristics', 'length', 'level', 'lurd', 'moves', 'optimal', 'plan', 'pushes', 'stats', 'status', 'warnings'].sort(),
    );
    expect(json).toMatchObject({ status: 'solved', length: 16, cost: 16, optimal: true, moves: 16, algo: 'bfs', heuristic: 'none', backend: 'ts', cycle: 'state' });
    expect(json.plan).toHaveLength(16);
    for (const step of json.plan) expect(step).toMatch(/^(move[UDLR]\(x\d+y\d+,x\d+y\d+\)|push[UDLR]\(x\d+y\d+,x\d+y\d+,x\d+y\d+\))$/);
    expect(json.lurd).toHaveLength(16);
    expect(json.pushes).toBe(json.lurd.replace(/[a-z]/g, '').length);
    expect(json.pushes).toBe(json.plan.filter((s: string) => s.startsWith('push')).length);
    expect(json.stats.expanded).toBeGreaterThan(0);
    expect(json.stats.generated).toBeGreaterThanOrEqual(json.stats.expanded);
    expect(json.stats.totalMs).toBeGreaterThanOrEqual(json.stats.timeMs);
    expect(json.level).toEqual({ file: TUTORIAL, number: 8, title: 'Three boxes in a small room' });
  });

  it('tutorial level 6 by bfs: exact node counts', async () => {
    const { code, json } = await runJson('solve', TUTORIAL, '--level', '6', '--algo', 'bfs', '--json');
    expect(code).toBe(0);
    expect(json.length).toBe(12);
    expect(json.lurd).toBe('RRRlddlUluRR');
    expect(json.pushes).toBe(6);
    expect(json.stats).toMatchObject({ expanded: 235, generated: 579, atoms: 33, operators: 44 });
  });

  it('level by title', async () => {
    const { code, json } = await runJson('solve', TUTORIAL, '--level', 'walk, then push', '--json');
    expect(code).toBe(0);
    expect(json.level.number).toBe(2);
    expect(json.lurd).toBe('rrRR');
  });

  it(
    'iddfs --cycle action on level 6 ("The same step twice…"): the original rule finds no plan at all (status unsolvable, exit 1)',
    async () => {
      const { code, json } = await runJson('solve', TUTORIAL, '--level', '6', '--algo', 'iddfs', '--cycle', 'action', '--json');
      expect(json.level.title).toBe('The same step twice: both boxes travel the same corridor');
      expect(code).toBe(1);
      expect(json.status).toBe('unsolvable');
      expect(json.plan).toEqual([]);
      expect(json.length).toBe(0);
      expect(json.optimal).toBe(false);
      expect(json.cycle).toBe('action');
      expect(json.reason).toBe(
        'no path reached depth 32 (longest: 31): no plan uses each ground operator at most once (the original\'s rule); a plan that repeats an operator may exist (try --cycle state)',
      );
      expect(json.stats.expanded).toBe(18802546);
      expect(json.stats.generated).toBe(20555150);
      expect(json.stats.iterations).toHaveLength(32);
      expect(json.stats.iterations[31]).toEqual({ bound: 32, expanded: 1752637, generated: 1752636, maxDepth: 31 });
    },
    60_000,
  );

  it('iddfs --cycle state on level 6 finds the 12-step plan', async () => {
    const { code, json } = await runJson('solve', TUTORIAL, '--level', '6', '--algo', 'iddfs', '--cycle', 'state', '--json');
    expect(code).toBe(0);
    expect(json.length).toBe(12);
    expect(json.optimal).toBe(true);
    expect(json.stats.iterations.map((i: { bound: number }) => i.bound)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('--max-nodes 5 stops bfs: exit 3, status limit', async () => {
    const { code, json } = await runJson('solve', TUTORIAL, '--level', '9', '--algo', 'bfs', '--max-nodes', '5', '--json');
    expect(code).toBe(3);
    expect(json.status).toBe('limit');
    expect(json.plan).toEqual([]);
    expect(json.reason).toBe('node limit of 5 expanded nodes reached');
    expect(json.stats.expanded).toBe(5);
    expect(json.stats.limit).toBe('nodes');
  });

  it('--max-nodes 5 stops iddfs too: exit 3', async () => {
    const { code, json } = await runJson('solve', TUTORIAL, '--level', '9', '--algo', 'iddfs', '--max-nodes', '5', '--json');
    expect(code).toBe(3);
    expect(json.status).toBe('limit');
    expect(json.stats.limit).toBe('nodes');
  });
});

describe('every tutorial level: bfs and iddfs --cycle state give the recorded optimal length', () => {
  it('the recorded lengths are the ones in the file', () => {
    const recorded = [...readFileSync(TUTORIAL, 'utf8').matchAll(/^; optimal: (\d+) moves?$/gm)].map((m) => Number(m[1]));
    expect(recorded).toEqual(TUTORIAL_OPTIMAL);
  });

  for (const [i, optimal] of TUTORIAL_OPTIMAL.entries()) {
    const n = i + 1;
    for (const algo of ['bfs', 'iddfs']) {
      it(`level ${n}, ${algo}: ${optimal} steps`, async () => {
        const { code, json } = await runJson('solve', TUTORIAL, '--level', String(n), '--algo', algo, '--cycle', 'state', '--max-nodes', '1000000', '--json');
        expect(json.status).toBe('solved');
        expect(code).toBe(0);
        expect(json.length).toBe(optimal);
        expect(json.moves).toBe(optimal);
        expect(json.lurd).toHaveLength(optimal);
        expect(json.optimal).toBe(true);
      });
    }
  }
});

describe('every level of maps/unsolvable.txt: exit 1, status unsolvable', () => {
  for (const n of [1, 2, 3, 4]) {
    for (const algo of ['bfs', 'iddfs']) {
      it(`level ${n}, ${algo}`, async () => {
        const { code, json } = await runJson('solve', UNSOLVABLE, '--level', String(n), '--algo', algo, '--json');
        expect(code).toBe(1);
        expect(json.status).toBe('unsolvable');
        expect(json.plan).toEqual([]);
        expect(json.reason).toEqual(expect.any(String));
      });
    }
  }

  it('levels 1–3 are proven unsolvable while grounding (no search)', async () => {
    const { json: one } = await runJson('solve', UNSOLVABLE, '--level', '1', '--algo', 'bfs', '--json');
    expect(one.reason).toBe('goal box(x3y2) is unreachable even when delete lists are ignored');
    expect(one.stats.expanded).toBe(0);
    const { json: four } = await runJson('solve', UNSOLVABLE, '--level', '4', '--algo', 'bfs', '--json');
    expect(four.reason).toBe('all 12 reachable states explored; none satisfies the goal');
    expect(four.stats.expanded).toBe(12);
  });

  it('the text output says why', async () => {
    const r = await run('solve', UNSOLVABLE, '--level', '1', '--algo', 'bfs');
    expect(r.code).toBe(1);
    expect(r.out).toContain('no plan (bfs): goal box(x3y2) is unreachable even when delete lists are ignored');
  });
});

describe('usage errors: exit 2', () => {
  it('unknown flag', async () => {
    const r = await run('solve', TUTORIAL, '--frobnicate');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe('planlog: unknown option --frobnicate\n(see npx planlog solve --help)');
  });

  it('unknown command', async () => {
    const r = await run('frob');
    expect(r.code).toBe(2);
    expect(r.err).toBe("planlog: unknown command 'frob' (commands: solve, compare, lint, facts, validate, explain, trace, bench, worker, pddl, serve)\n(see npx planlog --help)");
  });

  it('unknown --algo, also as JSON', async () => {
    const r = await run('solve', TUTORIAL, '--algo', 'astra');
    expect(r.code).toBe(2);
    expect(r.err).toBe("planlog: unknown strategy 'astra' (choose one of: iddfs, bfs, dfs, ucs, astar, wastar, gbfs, idastar, push, push-greedy, beam, lrta, mcts, ga, auto, optimal-moves, lama, lama-first, optimal-pushes)\n(see npx planlog solve --help)");
    const j = await runJson('solve', TUTORIAL, '--algo', 'astra', '--json');
    expect(j.code).toBe(2);
    expect(j.json).toEqual({ error: { message: "unknown strategy 'astra' (choose one of: iddfs, bfs, dfs, ucs, astar, wastar, gbfs, idastar, push, push-greedy, beam, lrta, mcts, ga, auto, optimal-moves, lama, lama-first, optimal-pushes)" } });
  });

  it('bad --cycle, --max-nodes, missing or extra files', async () => {
    expect((await run('solve', TUTORIAL, '--cycle', 'sideways')).err).toContain("--cycle must be state or action, got 'sideways'");
    expect((await run('solve', TUTORIAL, '--max-nodes', '0')).err).toContain("--max-nodes needs a positive whole number, got '0'");
    expect((await run('solve', TUTORIAL, '--timeout', 'soon')).err).toContain("--timeout needs a positive number, got 'soon'");
    const none = await run('solve');
    expect(none.code).toBe(2);
    expect(none.err).toContain('solve needs a file');
    const two = await run('solve', 'a', 'b');
    expect(two.code).toBe(2);
    expect(two.err).toContain('solve takes one file (two files are a PDDL domain and problem: DOMAIN.pddl PROBLEM), got: a b');
  });

  it('missing file: "cannot read file: no such file"', async () => {
    const r = await run('solve', 'no/such/level.txt');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe('no/such/level.txt: cannot read file: no such file');
    const j = await runJson('solve', 'no/such/level.txt', '--json');
    expect(j.code).toBe(2);
    expect(j.json).toEqual({ error: { message: 'cannot read file: no such file', file: 'no/such/level.txt' } });
  });

  it('level number out of range', async () => {
    const r = await run('solve', TUTORIAL, '--level', '12');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${TUTORIAL}: level 12 is out of range: the file has 9 levels`);
  });

  it('a broken level: file:line:col, the line and a caret; JSON error object on stdout with --json', async () => {
    const file = tmpFile('broken.txt', '; broken\n#####\n#@$.#\n#x  #\n#####\n');
    const r = await run('solve', file);
    expect(r.code).toBe(2);
    expect(r.err.startsWith(`${file}:4:2:`)).toBe(true);
    expect(r.err).toBe(`${file}:4:2: level 1 ("broken"): unknown character 'x' in level; use # @ + $ * . and spaces\n  #x  #\n   ^`);
    const j = await runJson('solve', file, '--json');
    expect(j.code).toBe(2);
    expect(j.json).toEqual({ error: { message: 'level 1 ("broken"): unknown character \'x\' in level; use # @ + $ * . and spaces', file, line: 4, column: 2 } });
  });

  it('a collection with a broken level: the good level solves, the broken one fails when chosen', async () => {
    const file = tmpFile('mixed.txt', '; good\n#####\n#@$.#\n#####\n\n; bad\n#####\n#@$.#\n#x  #\n#####\n');
    const good = await runJson('solve', file, '--level', '1', '--json');
    expect(good.code).toBe(0);
    expect(good.json.lurd).toBe('R');
    const bad = await run('solve', file, '--level', 'bad');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(`${file}:9:2: level 2 ("bad"): unknown character 'x' in level; use # @ + $ * . and spaces\n  #x  #\n   ^`);
  });

  it('a domain with a typo (an unbound variable): located at the variable', async () => {
    const domain = tmpFile(
      'typo.pl',
      'opn(moveR(From, To),\n    [right(To, From), sokoban(From), empty(To)],\n    [sokoban(To), empty(Frm)],\n    [sokoban(From), empty(To)]).\n',
    );
    const r = await run('solve', TUTORIAL, '--domain', domain);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `${domain}:3:25: variable Frm in the add list of moveR(From,To) is not bound by its preconditions\n      [sokoban(To), empty(Frm)],\n                          ^`,
    );
  });

  it('a domain with a syntax typo (a missing comma): located, also in JSON', async () => {
    const domain = tmpFile('syntax.pl', readFileSync(SOKOBAN_PL, 'utf8').replace('[sokoban(To), empty(From)],', '[sokoban(To) empty(From)],'));
    const j = await runJson('solve', TUTORIAL, '--domain', domain, '--json');
    expect(j.code).toBe(2);
    expect(j.json).toEqual({ error: { message: 'expected ",", "|" or "]", found "empty" (is a comma missing?)', file: domain, line: 21, column: 18 } });
    expect(j.err).toBe(`${domain}:21:18: expected ",", "|" or "]", found "empty" (is a comma missing?)\n      [sokoban(To) empty(From)],\n                   ^`);
  });

  it('a Prolog problem file with --level', async () => {
    const pl = tmpFile('p.pl', 'init([sokoban(x1y1)]).\ngoal([]).\n');
    const r = await run('solve', pl, '--level', '1');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${pl}: --level applies to level files, not to Prolog problem files`);
  });
});

// The facts header lines are written by main.ts with "% " already in them,
// and formatProblem prefixes every header line with "% " again.
const FACTS_1 = `% planlog facts: ${TUTORIAL}, level 1 ("One push")
% cells xXyY: X = column, Y = row, x0y0 = first character of the level's first line
% top(A,B): A is directly above B; right(A,B): A is directly right of B

init([
  right(x2y1,x1y1),
  right(x3y1,x2y1),
  sokoban(x1y1),
  box(x2y1),
  empty(x3y1)
]).
goal([
  box(x3y1)
]).
`;

describe('facts', () => {
  it('prints level 1 as a Prolog problem file, exactly', async () => {
    const r = await run('facts', TUTORIAL, '--level', '1');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toBe(FACTS_1);
  });

  it('the body (init and goal) is exactly as expected', async () => {
    const r = await run('facts', TUTORIAL, '--level', '1');
    expect(r.code).toBe(0);
    const body = (t: string): string => t.slice(t.indexOf('init(['));
    expect(body(r.out)).toBe(body(FACTS_1));
    expect(r.out.split('\n').filter((l) => l.startsWith('%'))).toHaveLength(3);
  });

  it('the printed problem, saved as a .pl file, solves back to the same plan', async () => {
    const facts = await run('facts', TUTORIAL, '--level', '3');
    expect(facts.code).toBe(0);
    const pl = tmpFile('level3.pl', facts.out);
    const back = await runJson('solve', pl, '--json');
    expect(back.code).toBe(0);
    expect(back.json.status).toBe('solved');
    expect(back.json.length).toBe(6);
    expect(back.json.lurd).toBeUndefined(); // not a level: no LURD fields
    expect(back.json.level).toBeUndefined();
    const direct = await runJson('solve', TUTORIAL, '--level', '3', '--json');
    expect(back.json.plan).toEqual(direct.json.plan);

    const one = tmpFile('level1.pl', (await run('facts', TUTORIAL, '--level', '1')).out);
    const b1 = await runJson('solve', one, '--json');
    expect(b1.code).toBe(0);
    expect(b1.json.plan).toEqual(['pushR(x1y1,x2y1,x3y1)']);
    expect(b1.json.length).toBe(1);
  });

  it('facts takes no search flags', async () => {
    expect((await run('facts', TUTORIAL, '--algo', 'bfs')).code).toBe(2);
  });
});

describe('validate', () => {
  it('--lurd valid: exit 0, JSON valid true with counts', async () => {
    const { code, json } = await runJson('validate', TUTORIAL, '--level', '2', '--lurd', 'rrRR', '--json');
    expect(code).toBe(0);
    expect(json).toEqual({ valid: true, length: 4, cost: 4, lurd: 'rrRR', moves: 4, pushes: 2, warnings: [] });
    const text = await run('validate', TUTORIAL, '--level', '2', '--lurd', 'rrRR');
    expect(text.code).toBe(0);
    expect(text.out).toBe('valid: 4 steps (4 moves, 2 pushes), cost 4; the goal holds after the last step\n  ########\n  #    @*#\n  ########');
  });

  it('--lurd invalid (stops short of the goal): exit 5, failure step and missing facts', async () => {
    const { code, json } = await runJson('validate', TUTORIAL, '--level', '2', '--lurd', 'rrR', '--json');
    expect(code).toBe(5);
    expect(json).toEqual({
      valid: false,
      length: 3,
      cost: 3,
      prefixCost: 3,
      failure: {
        kind: 'goal',
        step: 4,
        op: '',
        message: 'after the last step (3) the goal is not reached: box(x6y1) does not hold',
        missing: ['box(x6y1)'],
      },
      warnings: [],
    });
    const text = await run('validate', TUTORIAL, '--level', '2', '--lurd', 'rrR');
    expect(text.code).toBe(5);
    expect(text.out).toBe(
      'invalid plan: after the last step (3) the goal is not reached: box(x6y1) does not hold\nmissing: box(x6y1)\nboard before the goal check:\n  ########\n  #   @$.#\n  ########',
    );
  });

  it('a LURD letter that cannot be played is an invalid plan (exit 5), located at the letter', async () => {
    const { code, json } = await runJson('validate', TUTORIAL, '--level', '2', '--lurd', 'rrL', '--json');
    expect(code).toBe(5);
    expect(json.failure).toEqual({
      kind: 'precondition',
      step: 3,
      op: 'pushL(x3y1,x2y1,x1y1)',
      message: 'step 3: pushL(x3y1,x2y1,x1y1) is not applicable: precondition box(x2y1) does not hold',
      missing: ['box(x2y1)'],
      file: '<lurd>',
      line: 1,
      column: 3,
    });
  });

  it('a character that is not a LURD letter is bad input (exit 2), located at it', async () => {
    const { code, json } = await runJson('validate', TUTORIAL, '--level', '2', '--lurd', 'rr x', '--json');
    expect(code).toBe(2);
    expect(json).toEqual({ error: { message: "step 3 ('x'): unknown character: use l u r d to move and L U R D to push", file: '<lurd>', line: 1, column: 4 } });
  });

  it('--plan FILE: an invalid step gives exit 5 with the step, the missing facts and the location', async () => {
    const plan = tmpFile('bad.plan', '% one step\n  1. moveR(x1y1,x2y1)\n');
    const { code, json } = await runJson('validate', TUTORIAL, '--level', '1', '--plan', plan, '--json');
    expect(code).toBe(5);
    expect(json.valid).toBe(false);
    expect(json.failure).toEqual({
      kind: 'precondition',
      step: 1,
      op: 'moveR(x1y1,x2y1)',
      message: 'step 1: moveR(x1y1,x2y1) is not applicable: precondition empty(x2y1) does not hold',
      missing: ['empty(x2y1)'],
      file: plan,
      line: 2,
      column: 6,
    });
    const text = await run('validate', TUTORIAL, '--level', '1', '--plan', plan);
    expect(text.code).toBe(5);
    expect(text.out.split('\n').slice(0, 3)).toEqual([
      `invalid plan: ${plan}:2:6: step 1: moveR(x1y1,x2y1) is not applicable: precondition empty(x2y1) does not hold`,
      'missing: empty(x2y1)',
      'board before step 1:',
    ]);
  });

  it('--plan with the output of solve --json (its plan array) is valid', async () => {
    const solved = await run('solve', TUTORIAL, '--level', '5', '--json');
    expect(solved.code).toBe(0);
    const whole = tmpFile('solve5.json', solved.out);
    const v = await runJson('validate', TUTORIAL, '--level', '5', '--plan', whole, '--json');
    expect(v.code).toBe(0);
    expect(v.json).toMatchObject({ valid: true, length: 12, cost: 12, moves: 12, lurd: JSON.parse(solved.out).lurd });
    const arr = tmpFile('plan5.json', JSON.stringify(JSON.parse(solved.out).plan));
    const w = await runJson('validate', TUTORIAL, '--level', '5', '--plan', arr, '--json');
    expect(w.code).toBe(0);
    expect(w.json.valid).toBe(true);
  });

  it('--plan and --lurd together, or neither: exit 2', async () => {
    const plan = tmpFile('one.json', '["pushR(x1y1,x2y1,x3y1)"]');
    const both = await run('validate', TUTORIAL, '--level', '1', '--plan', plan, '--lurd', 'R');
    expect(both.code).toBe(2);
    expect(both.err).toBe('planlog: validate needs exactly one of --plan FILE or --lurd STRING\n(see npx planlog validate --help)');
    expect((await run('validate', TUTORIAL, '--level', '1')).code).toBe(2);
    expect((await run('validate', TUTORIAL, '--level', '1', '--plan', plan)).code).toBe(0);
  });

  it('a plan file with a syntax error: exit 2, located', async () => {
    const plan = tmpFile('syntax.plan', 'pushR(x1y1,x2y1,x3y1)\n\nmoveL(x2y1 x1y1)\n');
    const r = await run('validate', TUTORIAL, '--level', '1', '--plan', plan);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`${plan}:3:12: expected "," or ")", found "x1y1" (is a comma missing?)\n  moveL(x2y1 x1y1)\n             ^`);
  });
});

describe('demo and help', () => {
  it('the demo (no arguments) exits 0 and prints "solved by bfs"', async () => {
    const r = await run();
    expect(r.code).toBe(0);
    expect(r.out).toContain('solved by bfs: 17 steps (17 moves, 6 pushes), cost 17, optimal');
    expect(r.out).toContain('iddfs --cycle action (the original): solved, 17 steps');
    expect(r.out).toContain('plan validated: 17 steps replayed from the initial state, goal reached');
  });

  it('help exits 0 and lists the strategies from the registry', async () => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('    bfs       breadth-first search with a closed set; fewest actions');
    for (const name of ['iddfs', 'dfs', 'ucs', 'astar', 'wastar', 'gbfs', 'idastar']) expect(r.out).toContain(`    ${name.padEnd(9)} `);
    for (const name of ['blind', 'goalcount', 'hmax', 'hadd', 'hff', 'lmcut']) expect(r.out).toContain(`    ${name.padEnd(9)} `);
  });
});
