/**
 * The fixture of the known-solution tools' tests (bench/solution-check.ts,
 * bench/solution-track.ts): two literal levels in a temporary folder (one
 * whose only plan is a push that shuts the player out of a box already on
 * its goal, and a row of two boxes), a writer of solutions files next to
 * them, and a tool run as a process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SolutionFixture {
  dir: string;
  /** The levels file: 1 `sealed` (its solution `R`), 2 `row` (`ddRRRurDlllluRRR`). */
  levels: string;
  /** Writes a solutions file `name` with `text`; returns its path. */
  solutions(name: string, text: string): string;
  /** Runs `bench/TOOL.ts` with the arguments: exit status and output. */
  run(tool: string, ...args: string[]): { status: number | null; stdout: string; stderr: string };
  remove(): void;
}

export function solutionFixture(prefix: string): SolutionFixture {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const levels = join(dir, 'levels.txt');
  writeFileSync(
    levels,
    ['; sealed', '##########', '#   ##   #', '# @$.*   #', '#   ## * #', '#   ##   #', '##########', '', '; row', '#######', '#@   ##', '# $  .#', '# $   #', '#####.#', '#######', ''].join('\n'),
  );
  return {
    dir,
    levels,
    solutions(name, text) {
      const f = join(dir, name);
      writeFileSync(f, text);
      return f;
    },
    run(tool, ...args) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${tool}.ts`, ...args], { encoding: 'utf8' });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
