/**
 * Goal count: the number of goal atoms not true in the state. Not
 * admissible in general (one operator may achieve several goal atoms, or
 * an operator may cost less than 1); Infinity when grounding already proved
 * the task unsolvable.
 */
import type { Heuristic } from './types.ts';

export const goalcount: Heuristic = {
  name: 'goalcount',
  summary: 'number of goal atoms not yet true; not admissible',
  admissible: false,
  create(space) {
    const task = space.task;
    const goals = [...new Set(task.goal)];
    const word = Int32Array.from(goals, (g) => g >>> 5);
    const mask = Int32Array.from(goals, (g) => 1 << (g & 31));
    const unsolvable = task.unsolvableReason !== undefined;
    return {
      evaluate(s, off) {
        if (unsolvable) return Infinity;
        let missing = 0;
        for (let i = 0; i < word.length; i++) if ((s[off + word[i]] & mask[i]) === 0) missing++;
        return missing;
      },
    };
  },
};
