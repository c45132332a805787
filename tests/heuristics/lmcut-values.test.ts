/**
 * LM-cut's values pinned on small IPC problems of ../shared/pddl (skipped
 * when the folder is absent): its value in the first states of a
 * breadth-first exploration and A*'s counts with it. LM-cut's value depends
 * on how ties between preconditions of equal h^max are broken and on the
 * order of the cut, so these numbers change when the computation does, not
 * only when it is wrong; a faster LM-cut must keep them (they were taken
 * from the implementation before the live-atom pruning of the cut walk,
 * and deciding the cut's candidates backwards, which orders the cut by
 * candidate instead of by the walk, left them as they were).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/core/load.ts';
import { heuristics } from '../../src/heuristics/index.ts';
import { getStrategy } from '../../src/search/index.ts';
import { defaultSearchOptions } from '../../src/search/types.ts';
import { ground } from '../../src/strips/ground.ts';
import { makeSearchSpace, type SearchSpace } from '../../src/strips/space.ts';
import { breadthFirstStates } from '../../src/strips/store.ts';

const SHARED = fileURLToPath(new URL('../../../shared/pddl/', import.meta.url));

function spaceOf(dir: string, problem: string): SearchSpace {
  const domainFile = join(SHARED, dir, 'domain.pddl');
  const file = join(SHARED, dir, problem);
  const loaded = loadProblem({ file, text: readFileSync(file, 'utf8'), domainFile, domainText: readFileSync(domainFile, 'utf8') });
  return makeSearchSpace(ground(loaded.domain, loaded.problem));
}

/** LM-cut's values in the first `max` states of a breadth-first exploration, in the order found. */
function bfsValues(space: SearchSpace, max: number): number[] {
  const W = space.words;
  const store = breadthFirstStates(space, max);
  const ev = heuristics.lmcut.create(space);
  return Array.from({ length: store.size }, (_, id) => ev.evaluate(store.data, id * W));
}

/** [folder, problem, states, sum of values, first 30 values, A*: plan length, expanded, generated, evaluated] */
const CASES: [string, string, number, number, number[], number, number, number, number][] = [
  ['blocks', 'probBLOCKS-6-0.pddl', 500, 4956, [11, 11, 10, 11, 10, 11, 10, 11, 9, 10, 11, 10, 9, 11, 11, 10, 10, 8, 10, 10, 10, 11, 11, 11, 11, 10, 10, 9, 11, 11], 12, 17, 51, 36],
  ['logistics00', 'probLOGISTICS-5-0.pddl', 500, 11386, [25, 25, 24, 24, 24, 25, 25, 24, 24, 25, 24, 24, 24, 25, 25, 24, 24, 25, 23, 23, 24, 24, 23, 23, 24, 23, 24, 24, 23, 23], 27, 1075, 12735, 3624],
  ['miconic', 's4-0.pddl', 500, 4437, [14, 13, 13, 13, 13, 14, 13, 13, 12, 12, 12, 12, 11, 12, 12, 12, 13, 12, 12, 13, 12, 12, 12, 13, 12, 12, 13, 11, 11, 12], 14, 15, 121, 67],
  ['gripper', 'prob01.pddl', 256, 1188, [9, 9, 7, 7, 7, 7, 7, 7, 8, 8, 8, 7, 7, 7, 8, 7, 7, 7, 8, 7, 7, 8, 7, 7, 8, 7, 8, 7, 8, 8], 11, 104, 460, 158],
  ['driverlog', 'p01.pddl', 500, 2471, [6, 5, 6, 7, 7, 7, 7, 5, 6, 6, 6, 6, 4, 7, 7, 7, 7, 6, 8, 8, 8, 8, 6, 6, 6, 6, 4, 5, 7, 7], 7, 8, 57, 48],
  ['zenotravel', 'p03.pddl', 500, 2867, [5, 4, 6, 5, 5, 6, 5, 5, 6, 5, 6, 6, 5, 6, 6, 5, 5, 5, 4, 4, 5, 4, 4, 5, 4, 5, 5, 4, 5, 5], 6, 7, 115, 98],
];

describe.skipIf(!existsSync(SHARED))('LM-cut values on IPC problems (../shared/pddl)', () => {
  for (const [dir, problem, states, sum, first, steps, expanded, generated, evaluated] of CASES) {
    it(`${dir} ${problem}: values in ${states} breadth-first states, A* counts`, () => {
      const space = spaceOf(dir, problem);
      const hs = bfsValues(space, 500);
      expect(hs.length).toBe(states);
      expect(hs.slice(0, 30)).toEqual(first);
      expect(hs.reduce((a, b) => a + b, 0)).toBe(sum);
      const r = getStrategy('astar')!.run(space, { ...defaultSearchOptions, heuristic: heuristics.lmcut });
      expect(r.status).toBe('solved');
      expect(r.plan?.length).toBe(steps);
      expect([r.stats.expanded, r.stats.generated, r.stats.evaluated]).toEqual([expanded, generated, evaluated]);
    });
  }
});
