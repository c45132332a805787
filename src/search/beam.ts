/**
 * Beam search: breadth-first by layers, keeping only `width` states per
 * layer (default 8), chosen by the heuristic: the k best (ties: first
 * generated), or — with `--temperature T` — k states drawn without
 * replacement with softmax probabilities exp(-(h - h_min) / T), which lets
 * worse-looking states through to escape local minima (`--seed`).
 *
 * A closed set (all states ever kept) stops revisits. When a layer is
 * empty and states were dropped on the way, the beam restarts from the
 * initial state with twice the width, so the search is complete on finite
 * spaces: once nothing is dropped it is a breadth-first search, and its
 * `unsolvable` is a proof. States the heuristic proves dead are dropped.
 */
import type { SearchSpace } from '../strips/space.ts';
import { StateStore } from '../strips/store.ts';
import { limitReason } from '../util/budget.ts';
import type { OptionDecl } from '../util/option-decl.ts';
import { localSetup, localStrategy } from './local.ts';
import type { SearchOptions, SearchResult } from './types.ts';
import { resultBuilder } from './result.ts';

/** --width: the states kept per layer. */
export const BEAM_WIDTH = {
  name: 'width',
  type: 'integer',
  min: 1,
  requestMax: 100_000,
  default: 8,
  arg: 'K',
  help: 'states kept per layer',
} as const satisfies OptionDecl;
export const DEFAULT_BEAM_WIDTH = BEAM_WIDTH.default;

/** --temperature: softmax draws instead of the best k. */
export const BEAM_TEMPERATURE = {
  name: 'temperature',
  type: 'number',
  min: 0,
  exclusiveMin: true,
  arg: 'T',
  help: 'draw the K states with softmax probabilities exp(-(h - h_min) / T) instead of taking the K best',
} as const satisfies OptionDecl;

export function beam(space: SearchSpace, options: SearchOptions): SearchResult {
  const { budget, W, h, prune, rng, ops, child } = localSetup(space, options);
  const temperature = options.temperature ?? 0;
  let width = Math.max(1, Math.floor(options.width ?? DEFAULT_BEAM_WIDTH));
  let store = new StateStore(W);
  let expanded = 0;
  let generated = 0;
  let duplicates = 0;
  let evaluated = 0;
  let peakStored = 0;
  let peakBytes = 0;
  let depth = 0;
  const result = resultBuilder(budget, () => {
    // the beam's store is emptied between runs: report the largest it grew to
    peakStored = Math.max(peakStored, store.size);
    peakBytes = Math.max(peakBytes, store.bytes);
    return { expanded, generated, duplicates, evaluated, stored: peakStored, bytesPerState: peakStored ? peakBytes / peakStored : 0 };
  });

  if (space.isGoal(space.init, 0)) return result('solved', []);
  evaluated++;
  if (h.evaluate(space.init, 0) === Infinity) return result('unsolvable', null, 'the heuristic proves the initial state a dead end');

  for (;;) {
    // one beam run from the initial state with the current width
    store.insert(space.init, 0, -1, -1);
    let layer: number[] = [0];
    let dropped = false;
    depth = 0;
    while (layer.length > 0) {
      const cand: number[] = [];
      const hv: number[] = [];
      for (const id of layer) {
        const limit = budget.exceeded(expanded, () => ({ expanded, generated, bound: depth }));
        if (limit) return result('limit', null, limitReason(limit, options), limit);
        expanded++;
        const k = space.applicable(store.data, id * W, ops);
        for (let i = 0; i < k; i++) {
          space.apply(ops[i], store.data, id * W, child, 0);
          generated++;
          if (prune !== null && prune(child, 0)) continue;
          const r = store.insert(child, 0, id, ops[i]);
          if (r < 0) {
            duplicates++;
            continue;
          }
          if (space.isGoal(child, 0)) return result('solved', store.path(r));
          evaluated++;
          const v = h.evaluate(child, 0);
          if (v === Infinity) continue;
          cand.push(r);
          hv.push(v);
        }
      }
      depth++;
      if (cand.length > width) dropped = true;
      layer = temperature > 0 ? softmaxPick(cand, hv, width, temperature, rng.next) : bestK(cand, hv, width);
    }
    if (!dropped) {
      return result('unsolvable', null, `all ${store.size} reachable states ${evaluated > 1 ? 'that the heuristic does not prove dead ' : ''}explored (no layer exceeded the width ${width}); none satisfies the goal`);
    }
    // the beam ran dry after dropping states: restart, twice as wide
    peakStored = Math.max(peakStored, store.size);
    peakBytes = Math.max(peakBytes, store.bytes);
    store = new StateStore(W);
    width *= 2;
  }
}

/** The k candidates with the smallest values (ties: the earlier one). */
function bestK(ids: number[], hv: number[], k: number): number[] {
  if (ids.length <= k) return ids;
  const order = ids.map((_, i) => i).sort((a, b) => hv[a] - hv[b] || a - b);
  return order.slice(0, k).map((i) => ids[i]);
}

/** k candidates drawn without replacement with probabilities ∝ exp(-(h - h_min) / T). */
function softmaxPick(ids: number[], hv: number[], k: number, t: number, random: () => number): number[] {
  if (ids.length <= k) return ids;
  let min = Infinity;
  for (const v of hv) min = Math.min(min, v);
  const w = hv.map((v) => Math.exp(-(v - min) / t));
  let total = w.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  for (let n = 0; n < k; n++) {
    let x = random() * total;
    let i = 0;
    for (; i < w.length - 1; i++) {
      if (w[i] === 0) continue;
      x -= w[i];
      if (x < 0) break;
    }
    while (i > 0 && w[i] === 0) i--; // rounding at the end: the last one still in
    out.push(ids[i]);
    total -= w[i];
    w[i] = 0;
    if (total <= 0) break;
  }
  return out;
}

export const beamStrategy = {
  ...localStrategy('beam', 'beam search: the --width k best states per layer (or softmax draws with --temperature T); restarts twice as wide', beam),
  options: [BEAM_WIDTH, BEAM_TEMPERATURE],
};
