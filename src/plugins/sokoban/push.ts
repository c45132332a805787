/**
 * Push-level search as strategies over the ground Sokoban task (see
 * src/plugins/sokoban/push-search.ts): `push` is A* on pushes (f = pushes + h;
 * `--weight W` makes it weighted A*), `push-greedy` is greedy best-first
 * (f = h). They need the level (the Sokoban context) and one of the Sokoban box
 * estimates as heuristic (default: matching). The push plan is expanded to
 * moveX/pushX steps through shortest walks and mapped to the task's
 * operator ids by name.
 */
import { PlanlogError } from '../../util/errors.ts';
import type { OptionDecl } from '../../util/option-decl.ts';
import { boardOf } from './board.ts';
import { requireLevel } from './context.ts';
import type { EstimateKind } from './estimates.ts';
import { expandPushes, type PushSearchConfig, type PushSearchResult, pushSearch } from './push-search.ts';
import { deadSquaresOf } from './prune.ts';
import { SWITCH_OPTIONS, switchesOf } from './switches.ts';
import type { SearchSpace } from '../../strips/space.ts';
import type { Task } from '../../strips/task.ts';
import type { SearchOptions, SearchResult, Strategy } from '../../search/types.ts';

export const BOX_ESTIMATES: readonly EstimateKind[] = ['manhattan', 'pushdist', 'matching'];

const opIds = new WeakMap<Task, Map<string, number>>();

/** Operator ids of plan steps, by name; a PlanlogError when the task has no such operator (not the Sokoban domain). */
export function stepsToOps(space: SearchSpace, steps: readonly string[]): number[] {
  let ids = opIds.get(space.task);
  if (!ids) {
    ids = new Map();
    for (let o = 0; o < space.numOps; o++) ids.set(space.opName(o).replace(/\s+/g, ''), o);
    opIds.set(space.task, ids);
  }
  return steps.map((s) => {
    const o = ids.get(s);
    if (o === undefined) throw new PlanlogError({ file: '<options>', message: `the push-level search needs the operators of domains/sokoban.pl; the task has no ${s}` });
    return o;
  });
}

/** Whether plan cost counts pushes: every push operator costs the same positive amount and every move costs 0. */
export function costsArePushes(space: SearchSpace): boolean {
  const ops = space.task.operators;
  const pushCost = ops.find((o) => o.name.startsWith('push'))?.cost;
  if (pushCost === undefined || pushCost <= 0) return false;
  return ops.every((o) => (o.name.startsWith('push') ? o.cost === pushCost : o.name.startsWith('move') && o.cost === 0));
}

/** The box estimate of the push-level strategies when none is given. */
const DEFAULT_ESTIMATE: EstimateKind = 'matching';

function estimateOf(options: SearchOptions): EstimateKind {
  const name = options.heuristic?.name ?? DEFAULT_ESTIMATE;
  if (!(BOX_ESTIMATES as readonly string[]).includes(name)) {
    throw new PlanlogError({ file: '<options>', message: `the push-level search uses a Sokoban box estimate (${BOX_ESTIMATES.join(', ')}), not ${name}` });
  }
  return name as EstimateKind;
}

/** Runs the push-level search with a configuration and returns the plan as operator ids of the task. */
export function runPushSearch(space: SearchSpace, options: SearchOptions, config: Omit<PushSearchConfig, 'estimate'> & { estimate?: EstimateKind }): SearchResult & Pick<PushSearchResult, 'reached'> {
  const level = requireLevel(options.context, 'the push-level search');
  const board = boardOf(level);
  const r = pushSearch(board, deadSquaresOf(level), options, { ...config, estimate: config.estimate ?? estimateOf(options), ...switchesOf(options) });
  const plan = r.pushes ? stepsToOps(space, expandPushes(board, r.pushes)) : null;
  return { status: r.status, plan, reason: r.reason, stats: r.stats, ...(r.reached ? { reached: r.reached } : {}) };
}

/** push's --weight: the weight of the box estimate. */
export const PUSH_WEIGHT = {
  name: 'weight',
  type: 'number',
  min: 0,
  exclusiveMin: true,
  requestMax: 1000,
  default: 1,
  arg: 'W',
  help: 'f = pushes + W·h',
} as const satisfies OptionDecl;

export const pushStrategy: Strategy = {
  name: 'push',
  summary: 'Sokoban push-level A* (f = pushes + h, --weight W: weighted); fewest pushes; needs a level',
  defaultHeuristic: DEFAULT_ESTIMATE,
  heuristics: BOX_ESTIMATES,
  plugin: 'sokoban',
  traced: true,
  options: [PUSH_WEIGHT, ...SWITCH_OPTIONS],
  optimal: (space, options) => (options.weight ?? PUSH_WEIGHT.default) <= 1 && costsArePushes(space),
  complete: () => true,
  run: (space, options) => runPushSearch(space, options, { gWeight: 1, hWeight: options.weight ?? PUSH_WEIGHT.default, goalOnGeneration: false, preferDeep: true }),
};

export const pushGreedyStrategy: Strategy = {
  name: 'push-greedy',
  summary: 'Sokoban push-level greedy best-first (f = h); fast, not optimal; needs a level',
  defaultHeuristic: DEFAULT_ESTIMATE,
  heuristics: BOX_ESTIMATES,
  plugin: 'sokoban',
  traced: true,
  options: SWITCH_OPTIONS,
  optimal: () => false,
  complete: () => true,
  run: (space, options) => runPushSearch(space, options, { gWeight: 0, hWeight: 1, goalOnGeneration: true, preferDeep: true }),
};
