/**
 * `planlog serve` as a process (the bin, as a user starts it): stdout carries
 * only the server's own lines — the start line and the stop line — while
 * requests run on the worker pool (a solve with each engine the machine has,
 * a scan); Ctrl-C stops it with exit 0.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { swiplAvailable } from '../../src/index.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('planlog serve as a process', () => {
  it('prints only its own lines on stdout, and exits 0 at Ctrl-C', async () => {
    const child = spawn(process.execPath, ['bin/planlog.js', 'serve', '--port', '0', '--threads', '1'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /^planlog playground on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`serve ended before it listened: ${err}`)));
    });
    const post = async (route: string, body: unknown): Promise<[number, unknown]> => {
      const r = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return [r.status, await r.json()];
    };
    const problem = { problem: 'init([p]).\ngoal([q]).\n', domain: 'opn(a, [p], [q], []).\n' };
    for (const engine of ['tau', ...(swiplAvailable() ? ['swipl'] : [])]) {
      const [status, json] = await post('/api/solve', { ...problem, backend: 'prolog', engine });
      expect([status, (json as { status: string }).status], `${engine}: ${JSON.stringify(json)}`).toEqual([200, 'solved']);
    }
    expect(await post('/api/solve', { level: '#####\n#@$.#\n#####\n' })).toMatchObject([200, { status: 'solved', length: 1 }]);
    expect((await post('/api/scan', { text: '#####\n#@$.#\n#####\n' }))[0]).toBe(200);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out.split('\n')).toEqual([expect.stringMatching(/^planlog playground on http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl-C stops it\)$/), 'stopping the playground…', '']);
  }, 120_000);
});
