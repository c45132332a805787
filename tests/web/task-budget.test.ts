/**
 * A web solve reads the level under the request's budget (issue 13): a
 * level too big for the time limit stops while it is read, compiled or
 * grounded, with status `limit` and the place in the reason, not seconds
 * later. Runs the pool worker's task in-process; no timing is asserted.
 */
import { describe, expect, it } from 'vitest';
import { runWebTask, type WebTask } from '../../src/web/task.ts';
import { levelOfSize, openRoom } from '../bench/big-inputs.ts';

const sokoban = { domainFile: 'domains/sokoban.pl', domainText: '' };

function task(level: string, options: WebTask['options'], interrupt = new SharedArrayBuffer(4)): WebTask {
  return {
    kind: 'solve',
    source: { file: '<level>', text: level, isProlog: false, domainFile: sokoban.domainFile, domainText: sokoban.domainText },
    options,
    maxMemoryMb: 100_000,
    interrupt,
  };
}

// the bundled Sokoban domain, as the server passes it
sokoban.domainText = (await import('node:fs')).readFileSync(new URL('../../domains/sokoban.pl', import.meta.url), 'utf8');

describe('a web solve under one budget', () => {
  it('a 300×300 level with timeout 0.2: status limit, located in reading, compiling or grounding', async () => {
    const r = await runWebTask(task(openRoom(300, 300), { timeout: 0.2 }));
    expect(r.ok).toBe(true);
    const body = (r as { ok: true; body: Record<string, any> }).body;
    expect(body).toMatchObject({ status: 'limit', stats: { limit: 'time', expanded: 0 } });
    expect(body.reason).toMatch(/^time limit of 0\.2 s reached while (reading level 1 of <level>|compiling level 1 of <level> into facts|grounding)/);
  });

  it('a 10 MB level with timeout 0.2 stops while it is read', async () => {
    const r = await runWebTask(task(levelOfSize(10), { timeout: 0.2 }));
    const body = (r as { ok: true; body: Record<string, any> }).body;
    expect(body).toMatchObject({ status: 'limit', stats: { limit: 'time', expanded: 0, atoms: 0, operators: 0 } });
    expect(body.reason).toMatch(/^time limit of 0\.2 s reached while reading level 1 of <level> \(/);
  });

  it('a client that left (the interrupt flag) stops the reading too', async () => {
    const flag = new SharedArrayBuffer(4);
    new Int32Array(flag)[0] = 1;
    const r = await runWebTask(task(openRoom(300, 300), {}, flag));
    const body = (r as { ok: true; body: Record<string, any> }).body;
    expect(body).toMatchObject({ status: 'limit', stats: { limit: 'interrupted' } });
    expect(body.reason).toBe('interrupted while reading the domain domains/sokoban.pl (line 55 of 58)');
  });

  it('bad options are still reported after the level is read (a bad level first)', async () => {
    const r = await runWebTask(task('#####\n#@$ #\n#####\n', { algo: 'nope' }));
    expect(r).toMatchObject({ ok: false, error: { file: '<level>', line: 1 } });
  });

  it('compare and a Prolog-backend solve read under the budget too: a 10 MB level with timeout 0.2 stops while read, no engine started', async () => {
    const compare = await runWebTask({ ...task(levelOfSize(10), { timeout: 0.2 }), kind: 'compare' });
    const c = (compare as { ok: true; body: Record<string, any> }).body;
    expect(c.agree).toBe(false);
    expect(c.ts).toMatchObject({ status: 'limit', stats: { limit: 'time', expanded: 0 } });
    expect(c.prolog.reason).toMatch(/^time limit of 0\.2 s reached while reading level 1 of <level> \(/);
    const solve = await runWebTask(task(levelOfSize(10), { timeout: 0.2, backend: 'prolog', algo: 'bfs' }));
    const p = (solve as { ok: true; body: Record<string, any> }).body;
    expect(p).toMatchObject({ status: 'limit', backend: 'prolog', stats: { limit: 'time', expanded: 0 } });
    expect(p.reason).toMatch(/^time limit of 0\.2 s reached while reading level 1 of <level> \(/);
  });
});
