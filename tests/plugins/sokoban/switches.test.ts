/**
 * The push-level search's switches (src/plugins/sokoban/switches.ts): each
 * is an option of the push-level strategies and of auto, read into the
 * PushSearchConfig field it names, and reaches the search from the command
 * line.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { switchesOf } from '../../../src/plugins/sokoban/switches.ts';
import { runMain } from '../../cli/run-main.ts';

const microban = fileURLToPath(new URL('../../../../shared/levels/microban.txt', import.meta.url));

describe('Sokoban switches', () => {
  it('reads on/off under the option field into the config fields; switches not given stay absent', () => {
    expect(switchesOf({ corrals: 'off', macros: 'on', piCorrals: 'off' })).toEqual({ corrals: false, macros: true, piCorrals: false });
    expect(switchesOf({ weight: 2 })).toEqual({});
  });

  it.skipIf(!existsSync(microban))('--corrals off reaches the search: Microban 6 with push-greedy expands 47 states with corral pruning, 66 without, the same plan length', async () => {
    const run = async (...flags: string[]) => {
      // PI-corrals pinned off: the counts are those of the corral-deadlock pruning alone, whatever the defaults
      const r = await runMain('solve', microban, '--level', '6', '--algo', 'push-greedy', '--json', '--pi-corrals', 'off', ...flags);
      const j = JSON.parse(r.out) as { status: string; plan: string[]; stats: { expanded: number } };
      return [r.code, j.status, j.stats.expanded, j.plan.length];
    };
    expect(await run()).toEqual([0, 'solved', 47, 143]);
    expect(await run('--corrals', 'on')).toEqual([0, 'solved', 47, 143]);
    expect(await run('--corrals', 'off')).toEqual([0, 'solved', 66, 143]);
  });

  it('a switch applies to the push-level strategies and auto only', async () => {
    const r = await runMain('solve', 'maps/demo.txt', '--algo', 'bfs', '--macros', 'on');
    expect([r.code, r.err.split('\n')[0]]).toEqual([2, 'planlog: --macros applies to push, push-greedy, auto, optimal-pushes, not to bfs']);
  });
});
