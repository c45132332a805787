/**
 * A second domain plug-in, written here and nowhere else: the 8-puzzle, as
 * an opn/4 domain, with a Manhattan-distance heuristic (`tiles`), astar's
 * default heuristic on its problems, beam taking `tiles` too, and a preset
 * for `auto` (A* with `tiles`). Composed with the Sokoban plug-in, it is
 * used through the same registries as everything else: this shows that a
 * plug-in is added without touching src/search/ or src/heuristics/.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProblem, type LoadedProblem } from '../../src/core/load.ts';
import { planSteps } from '../../src/core/report.ts';
import type { Heuristic, SearchContext } from '../../src/heuristics/types.ts';
import { solveOptionList } from '../../src/options/index.ts';
import { compose, heuristicNames, prunerNames, strategyNames } from '../../src/plugins/index.ts';
import { sokobanPlugin } from '../../src/plugins/sokoban/index.ts';
import { astarStrategy } from '../../src/search/astar.ts';
import type { DomainPlugin } from '../../src/search/plugin.ts';
import { defaultSearchOptions, type SearchOptions, type Strategy } from '../../src/search/types.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../../src/strips/space.ts';
import { validatePlan } from '../../src/strips/validate.ts';
import { PlanlogError } from '../../src/util/errors.ts';

/** A tile slides onto the blank square next to it. Squares are pXY (column X, row Y, 1..3). */
const DOMAIN = 'opn(slide(T, From, To), [at(T, From), blank(To), adj(From, To)], [at(T, To), blank(From)], [at(T, From), blank(To)]).\n';

/** The problem of a board given as rows ('_' the blank); the goal is 1..8 in reading order, the blank last. */
function puzzle(rows: string[]): string {
  const sq = (x: number, y: number): string => `p${x}${y}`;
  const facts: string[] = [];
  for (let y = 1; y <= 3; y++) {
    for (let x = 1; x <= 3; x++) {
      if (x < 3) facts.push(`adj(${sq(x, y)}, ${sq(x + 1, y)})`, `adj(${sq(x + 1, y)}, ${sq(x, y)})`);
      if (y < 3) facts.push(`adj(${sq(x, y)}, ${sq(x, y + 1)})`, `adj(${sq(x, y + 1)}, ${sq(x, y)})`);
      const c = rows[y - 1][x - 1];
      facts.push(c === '_' ? `blank(${sq(x, y)})` : `at(t${c}, ${sq(x, y)})`);
    }
  }
  const goal = Array.from({ length: 8 }, (_, i) => `at(t${i + 1}, ${sq((i % 3) + 1, Math.floor(i / 3) + 1)})`);
  return `init([${facts.join(', ')}]).\ngoal([${goal.join(', ')}]).\n`;
}

/** The 8-puzzle's context: the goal square of each tile. */
interface EightContext extends SearchContext {
  readonly plugin: 'eight';
  readonly goal: ReadonlyMap<string, readonly [number, number]>;
}

const squareOf = (name: string): [number, number] | null => {
  const m = /^p([1-3])([1-3])$/.exec(name);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

const tiles: Heuristic = {
  name: 'tiles',
  summary: '8-puzzle: sum of the Manhattan distances of the tiles to their goal squares; admissible',
  admissible: true,
  plugin: 'eight',
  create(space: SearchSpace, context?: SearchContext) {
    if (context?.plugin !== 'eight') throw new PlanlogError({ file: '<options>', message: 'the heuristic tiles needs an 8-puzzle' });
    const { goal } = context as EightContext;
    // per atom: the distance it contributes when true (at(Tile, Square) atoms only)
    const dist = space.task.atoms.map((a) => {
      const m = /^at\((\w+),(\w+)\)$/.exec(a);
      const at = m && squareOf(m[2]);
      const to = m && goal.get(m[1]);
      return at && to ? Math.abs(at[0] - to[0]) + Math.abs(at[1] - to[1]) : 0;
    });
    return { evaluate: (s, off) => space.atomsOf(s, off).reduce((h, a) => h + dist[a], 0) };
  },
};

const autoOnPuzzles: Strategy = {
  name: 'auto',
  summary: 'A* with tiles',
  kind: 'preset',
  plugin: 'eight',
  optimal: () => true,
  complete: () => true,
  run: (space, options) => astarStrategy.run(space, { ...options, heuristic: tiles }),
};

const eightPuzzle: DomainPlugin = {
  name: 'eight',
  summary: 'the 8-puzzle (a slide/3 domain whose goal places tiles on pXY squares)',
  problem: 'an 8-puzzle',
  strategies: [],
  heuristics: [tiles],
  pruners: [],
  // its problems: a domain with a slide operator, a goal of at(Tile, pXY) facts
  contextOf({ domain, problem }): EightContext | undefined {
    if (!domain.operators.some((o) => o.name.pred === 'slide')) return undefined;
    const goal = new Map<string, [number, number]>();
    for (const g of problem.goal) {
      const [tile, square] = g.args.map((a) => (a.kind === 'const' ? a.value : ''));
      const at = g.pred === 'at' && g.args.length === 2 ? squareOf(square) : null;
      if (!at) return undefined;
      goal.set(tile, at);
    }
    return { plugin: 'eight', goal };
  },
  defaultHeuristics: { astar: 'tiles' },
  presets: { auto: autoOnPuzzles },
  accepts: { beam: ['tiles'] },
};

const registries = compose([sokobanPlugin, eightPuzzle]);

const read = (rel: string): string => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');
const robotProblem = (): LoadedProblem =>
  loadProblem({ file: 'domains/robot-problem.pl', text: read('domains/robot-problem.pl'), domainFile: 'domains/robot.pl', domainText: read('domains/robot.pl') });

const load = (rows: string[]): LoadedProblem => loadProblem({ file: 'eight.pl', text: puzzle(rows), domainFile: 'eight-domain.pl', domainText: DOMAIN });
/** 19 slides from the goal (bfs below says so). */
const SCRAMBLED = ['4_3', '762', '518'];

function solveWith(loaded: LoadedProblem, algo: string, options: Partial<SearchOptions>) {
  const space = makeSearchSpace(ground(loaded.domain, loaded.problem));
  const r = registries.getStrategy(algo)!.run(space, { ...defaultSearchOptions, context: registries.contextOf(loaded), ...options });
  const plan = (r.plan ?? []).map((o) => space.opName(o));
  return { status: r.status, length: plan.length, expanded: r.stats.expanded, valid: validatePlan(loaded.domain, loaded.problem, planSteps(plan)).valid };
}

describe('a second domain plug-in composed with the Sokoban one', () => {
  it('registers its heuristic after the installed ones; strategies and pruners unchanged; the installed registries without it', () => {
    expect(registries.heuristicNames).toEqual([...heuristicNames, 'tiles']);
    expect(registries.strategyNames).toEqual(strategyNames);
    expect(registries.prunerNames).toEqual(prunerNames);
    expect(heuristicNames).not.toContain('tiles');
    expect(registries.getStrategy('beam')!.heuristics).toEqual(['goalcount', 'hadd', 'hff', 'manhattan', 'pushdist', 'matching', 'tiles']);
    expect(registries.getStrategy('auto')!.summary).toBe(
      'the strong default: gbfs+hff; on a level, a portfolio of Sokoban push-level greedy searches (backward and forward, matching, deadlock pruning); on an 8-puzzle, A* with tiles',
    );
  });

  it('recognises its problems and leaves the others to the other plug-ins', () => {
    const eight = load(SCRAMBLED);
    expect(registries.contextOf(eight)?.plugin).toBe('eight');
    expect([...(registries.contextOf(eight) as EightContext).goal.entries()].slice(0, 2)).toEqual([
      ['t1', [1, 1]],
      ['t2', [2, 1]],
    ]);
    const level = loadProblem({ file: 'maps/demo.txt', text: read('maps/demo.txt'), domainFile: 'domains/sokoban.pl', domainText: read('domains/sokoban.pl') });
    expect(registries.contextOf(level)?.plugin).toBe('sokoban');
    expect(registries.defaultHeuristicFor('astar', registries.contextOf(eight))).toBe('tiles');
    expect(registries.defaultHeuristicFor('astar', registries.contextOf(level))).toBe('lmcut');
    expect(registries.defaultHeuristicFor('beam', registries.contextOf(level))).toBe('matching');
    expect(registries.problemHeuristics('astar')).toEqual([{ plugin: 'eight', problem: 'an 8-puzzle', heuristic: 'tiles' }]);
    expect(registries.strategyFor('auto', registries.contextOf(eight))).toBe(autoOnPuzzles);
  });

  it('astar with its heuristic solves a 19-slide puzzle optimally, expanding far fewer states than astar blind', () => {
    const eight = load(SCRAMBLED);
    const withTiles = solveWith(eight, 'astar', { heuristic: registries.getHeuristic('tiles') });
    const blind = solveWith(eight, 'astar', { heuristic: registries.getHeuristic('blind') });
    const bfs = solveWith(eight, 'bfs', {});
    expect(withTiles).toEqual({ status: 'solved', length: 19, expanded: 218, valid: true });
    expect(blind).toEqual({ status: 'solved', length: 19, expanded: 36_411, valid: true });
    expect(bfs).toMatchObject({ status: 'solved', length: 19 });
  });

  it("the registry's auto runs the plug-in's preset on its problems (A* with tiles) and gbfs+hff on other Prolog problems", () => {
    expect(solveWith(load(SCRAMBLED), 'auto', {})).toEqual({ status: 'solved', length: 19, expanded: 218, valid: true });
    const robot = robotProblem();
    expect(registries.contextOf(robot)).toBeUndefined();
    expect(solveWith(robot, 'auto', {})).toMatchObject({ status: 'solved', length: 3, valid: true });
  });

  it("a preset's own options become options of the registered strategy (flags, fields and help are generated from them)", () => {
    const shuffle = { name: 'shuffles', type: 'integer', min: 0, default: 3, help: 'on an 8-puzzle: random restarts' } as const;
    const withOption = compose([{ ...eightPuzzle, presets: { auto: { ...autoOnPuzzles, options: [shuffle] } } }]);
    expect(withOption.getStrategy('auto')!.options?.map((o) => o.name)).toEqual(['shuffles']);
    expect(solveOptionList({ strategies: withOption.strategies, heuristics: withOption.heuristics, pruners: withOption.prunerNames }).find((o) => o.name === 'shuffles')).toMatchObject({
      field: 'shuffles',
      strategies: ['auto'],
      default: 3,
    });
    expect(registries.getStrategy('gbfs')!.options).toEqual(compose([sokobanPlugin]).getStrategy('gbfs')!.options);
  });

  it('its heuristic needs one of its problems: a PlanlogError without', () => {
    const robot = robotProblem();
    const space = makeSearchSpace(ground(robot.domain, robot.problem));
    expect(() => tiles.create(space, registries.contextOf(robot))).toThrow('the heuristic tiles needs an 8-puzzle');
  });

  it('refuses a plug-in that clashes with a registered name or does not name itself on its records', () => {
    expect(() => compose([sokobanPlugin, sokobanPlugin])).toThrow('plug-in composition: two plug-ins named sokoban');
    expect(() => compose([sokobanPlugin, { ...eightPuzzle, heuristics: [{ ...tiles, name: 'matching' }], accepts: {}, defaultHeuristics: {} }])).toThrow(
      'plug-in composition: heuristic matching of plug-in eight is already registered',
    );
    expect(() => compose([{ ...eightPuzzle, heuristics: [{ ...tiles, plugin: undefined }] }])).toThrow('plug-in composition: heuristic tiles of plug-in eight has plugin (none)');
    expect(() => compose([{ ...eightPuzzle, presets: { fastest: autoOnPuzzles } }])).toThrow(
      'plug-in composition: plug-in eight has a preset for fastest, which is not a registered strategy',
    );
  });
});
