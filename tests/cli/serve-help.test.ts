/** `planlog serve` (usage errors, a start-and-stop through main with an Io whose interrupt comes at once) and --help of every command. */
import { describe, expect, it } from 'vitest';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { runMain } from './run-main.ts';

describe('planlog serve', () => {
  it('usage errors exit 2 with a message', async () => {
    expect(await runMain('serve', '--port', 'abc')).toMatchObject({ code: 2, err: expect.stringContaining("--port needs a whole number from 0 to 65535, got 'abc'") });
    expect(await runMain('serve', 'maps/demo.txt')).toMatchObject({ code: 2, err: expect.stringContaining('serve takes no files, got: maps/demo.txt') });
    expect(await runMain('serve', '--threads', '0')).toMatchObject({ code: 2, err: expect.stringContaining('--threads') });
    expect(await runMain('serve', '--frob')).toMatchObject({ code: 2 });
    expect(await runMain('serve', '--max-wait', '0')).toMatchObject({ code: 2, err: expect.stringContaining("--max-wait needs a positive number, got '0'") });
    expect(await runMain('serve', '--max-trace-limit', '2.5')).toMatchObject({ code: 2, err: expect.stringContaining('--max-trace-limit') });
  });

  it('starts on the given host and port, answers, and stops at the interrupt', async () => {
    const out: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    const io: Io = { out: (t) => out.push(t), err: () => undefined, readFile: readTextFile, isTTY: false, untilInterrupted: () => stopped };
    const running = main(['serve', '--port', '0', '--threads', '1', '--max-trace-limit', '7'], io);
    while (out.length === 0) await new Promise((r) => setTimeout(r, 50));
    const m = /^planlog playground on (http:\/\/127\.0\.0\.1:\d+)\/ \(Ctrl-C stops it\)$/.exec(out[0]);
    expect(m).not.toBeNull();
    const levels = (await (await fetch(`${m![1]}/api/levels`)).json()) as unknown[];
    expect(levels.length).toBeGreaterThan(10);
    // --max-trace-limit caps a trace request's limit, as /api/options says
    const options = (await (await fetch(`${m![1]}/api/options`)).json()) as { limits: { maxTraceLimit: number } };
    expect(options.limits.maxTraceLimit).toBe(7);
    stop();
    expect(await running).toBe(0);
    expect(out[1]).toBe('stopping the playground…');
  }, 30_000);
});

describe('--help of every command', () => {
  it('prints a usage text and exits 0, without a file', async () => {
    for (const command of ['solve', 'facts', 'validate', 'explain', 'trace', 'compare', 'bench', 'serve', 'pddl']) {
      const r = await runMain(command, '--help');
      expect(r.code, command).toBe(0);
      expect(r.out, command).toMatch(/^usage: npx planlog /);
    }
  });
});
