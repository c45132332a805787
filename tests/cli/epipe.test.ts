/**
 * A reader that stops early (`planlog trace … | head -c 10`) closes the
 * pipe: the process ends quietly (exit 0, nothing on stderr), not with an
 * unhandled EPIPE and its stack trace.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('stdout closed by the reader', () => {
  it('trace --format json of 20,000 expansions (4 MB), the pipe closed after its first bytes: exit 0, stderr empty', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'trace', 'maps/bench.txt', '--format', 'json', '--limit', '20000'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // read the first chunk, then close our end as `head` does
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(err).toBe('');
    expect(code).toBe(0);
  });
});
