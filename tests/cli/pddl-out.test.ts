/**
 * `pddl export|import --out DIR`: the folder is created (with the missing
 * folders above it), and a folder that cannot be created or written fails at
 * once with exit 2 and a message located at --out — never a hang (Node's
 * recursive mkdir loops for ever on /proc/nope) and never a stack trace.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from './run-main.ts';

const tmp = mkdtempSync(join(tmpdir(), 'planlog-out-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('pddl --out', () => {
  it.runIf(process.platform === 'linux')('a folder under /proc cannot be created: exit 2, "--out: cannot write /proc/nope: …"', async () => {
    const r = await runMain('pddl', 'export', 'domains/robot.pl', 'domains/robot-problem.pl', '--out', '/proc/nope');
    expect(r).toEqual({ code: 2, out: '', err: '--out: cannot write /proc/nope: cannot create the folder /proc/nope (no such file or directory)' });
    // import goes the same way: first the PDDL files, then the folder that fails
    const pddl = join(tmp, 'robot');
    expect((await runMain('pddl', 'export', 'domains/robot.pl', 'domains/robot-problem.pl', '--out', pddl)).code).toBe(0);
    const i = await runMain('pddl', 'import', join(pddl, 'domain.pddl'), join(pddl, 'problem.pddl'), '--out', '/proc/nope/deeper');
    expect(i).toEqual({ code: 2, out: '', err: '--out: cannot write /proc/nope/deeper: cannot create the folder /proc/nope (no such file or directory)' });
  });

  it('a file where a folder should be: exit 2, named', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'x');
    expect(await runMain('pddl', 'export', 'domains/hanoi.pl', '--out', file)).toEqual({ code: 2, out: '', err: `--out: cannot write ${file}: ${file} is a file, not a folder` });
    expect(await runMain('pddl', 'export', 'domains/hanoi.pl', '--out', join(file, 'sub'))).toEqual({ code: 2, out: '', err: `--out: cannot write ${join(file, 'sub')}: a part of the path is a file, not a folder` });
  });

  it('missing folders above --out are created', async () => {
    const out = join(tmp, 'x', 'y', 'z');
    const r = await runMain('pddl', 'export', 'domains/hanoi.pl', '--out', out);
    expect(r).toEqual({ code: 0, out: `wrote ${join(out, 'domain.pddl')} (1 action)`, err: '' });
    expect(existsSync(join(out, 'domain.pddl'))).toBe(true);
  });
});
