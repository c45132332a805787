/**
 * The web API (planlog serve): answers of every route through Fastify's
 * inject, and over real HTTP the things only sockets show — 50 concurrent
 * solves with none lost, a full queue answered 503, a client that goes
 * away frees its worker.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlayground } from '../../src/web/server.ts';
import { apiTests } from './api-harness.ts';

/** maps/tutorial.txt level 7: two boxes, 13 steps. */
let TUTORIAL_7 = '';
/** maps/tutorial.txt level 3: one box, 6 steps (small enough for tau-prolog). */
let TUTORIAL_3 = '';
const ONE_PUSH = '#####\n#@$.#\n#####\n';
/** Five boxes, 783,372 states: bfs needs seconds (maps/bench.txt). */
const HARD = ['#######', '#. .  #', '# $$$ #', '#  #  #', '# $ $ #', '#. .@.#', '#######', ''].join('\n');

const api = apiTests({ threads: 2, queue: 64 });
const post = api.post;
beforeAll(async () => {
  const levels = (await api.server.app.inject('/api/levels')).json();
  const text = (id: string): string => levels.find((l: { id: string }) => l.id === id).text;
  TUTORIAL_7 = text('tutorial-7');
  TUTORIAL_3 = text('tutorial-3');
}, 60_000);

describe('GET routes', () => {
  it('/api/levels lists the bundled maps, demo first', async () => {
    const levels = (await api.server.app.inject('/api/levels')).json();
    expect(levels[0]).toMatchObject({ id: 'demo-1', file: 'maps/demo.txt', level: 1, title: 'Two boxes round a pillar' });
    const tutorial = levels.filter((l: { file: string }) => l.file === 'maps/tutorial.txt');
    expect(tutorial).toHaveLength(9);
    expect(tutorial[0].text).toBe('#####\n#@$.#\n#####\n');
  });

  it('/api/domains lists the domains with their problems, sokoban first', async () => {
    const ds = (await api.server.app.inject('/api/domains')).json();
    expect(ds[0]).toMatchObject({ id: 'sokoban', file: 'domains/sokoban.pl', sokoban: true });
    const robot = ds.find((d: { id: string }) => d.id === 'robot');
    expect(robot.sokoban).toBe(false);
    expect(robot.problems[0].file).toBe('domains/robot-problem.pl');
    const blocks = ds.find((d: { id: string }) => d.id === 'blocks');
    expect(blocks.problems.map((p: { file: string }) => p.file)).toEqual([1, 2, 3, 4, 5].map((n) => `domains/blocks-${n}.pl`));
    expect(ds.find((d: { id: string }) => d.id === 'sokoban-pushes').sokoban).toBe(true);
  });

  it('/api/options comes from the registries', async () => {
    const o = (await api.server.app.inject('/api/options')).json();
    expect(o.strategies.find((s: { name: string }) => s.name === 'iddfs')).toMatchObject({ prolog: true, heuristics: [] });
    expect(o.strategies.find((s: { name: string }) => s.name === 'astar').heuristics).toContain('lmcut');
    expect(o.backends).toEqual(['ts', 'prolog']);
    expect(o.limits).toEqual({ defaultTimeout: 10, maxTimeout: 60, maxNodes: 10_000_000, defaultTraceLimit: 50, maxTraceLimit: 5000 });
  });

  it('the page: html, script and style from memory; no path leads to a file', async () => {
    const html = await api.server.app.inject('/');
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('<script type="module" src="/app.js">');
    expect((await api.server.app.inject('/app.js')).headers['content-type']).toMatch(/javascript/);
    expect((await api.server.app.inject('/app.css')).body).toContain('.board');
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/app.js/../../package.json', '/src/web/page/main.ts', '/maps/tutorial.txt', '/..%2f..%2fetc%2fpasswd']) {
      const r = await api.server.app.inject(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json().error.message).toMatch(/^not found/);
    }
  });
});

describe('POST /api/solve', () => {
  it('a level: the solve --json object', async () => {
    const { status, json } = await post('/api/solve', { level: TUTORIAL_7, algo: 'bfs' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'solved', length: 13, optimal: true, algo: 'bfs', backend: 'ts', moves: 13, pushes: 3 });
    expect(json.lurd).toHaveLength(13);
    expect(json.plan[0]).toBe('pushU(x2y3,x2y2,x2y1)');
    expect(json.stats.expanded).toBeGreaterThan(0);
  });

  it('a Prolog problem with its domain', async () => {
    const ds = (await api.server.app.inject('/api/domains')).json();
    const robot = ds.find((d: { id: string }) => d.id === 'robot');
    const { status, json } = await post('/api/solve', { problem: robot.problems[0].text, domain: robot.text, algo: 'bfs' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'solved', optimal: true });
    expect(json.lurd).toBeUndefined();
  });

  it('the Prolog backend and compare', async () => {
    const p = await post('/api/solve', { level: TUTORIAL_3, backend: 'prolog', algo: 'bfs', engine: 'tau', timeout: 30 });
    expect(p.status).toBe(200);
    expect(p.json).toMatchObject({ status: 'solved', length: 6, backend: 'prolog', optimal: true });
    const c = await post('/api/compare', { level: ONE_PUSH, engine: 'tau' });
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ agree: true, ts: { length: 1 }, prolog: { length: 1, backend: 'prolog' } });
  }, 60_000);

  it('unsolvable and limit are answers (200), not errors', async () => {
    const u = await post('/api/solve', { level: '######\n#@$ .#\n##$###\n#  . #\n######\n', algo: 'bfs' });
    expect(u.status).toBe(200);
    expect(u.json.status).toBe('unsolvable');
    const l = await post('/api/solve', { level: HARD, algo: 'bfs', maxNodes: 100 });
    expect(l.status).toBe(200);
    expect(l.json).toMatchObject({ status: 'limit', stats: { limit: 'nodes', expanded: 100 } });
  });

  it('a request cannot raise the server limits', async () => {
    const l = await post('/api/solve', { level: HARD, algo: 'bfs', maxNodes: 1e12, timeout: 1e6 });
    expect(l.status).toBe(200); // solved or limit, but within 60 s and 10M nodes
    expect(l.json.stats.expanded).toBeLessThanOrEqual(10_000_000);
  }, 90_000);
});

describe('bad input: 400 with the located message, before any engine', () => {
  it('a broken level', async () => {
    const { status, json } = await post('/api/solve', { level: '#####\n#@$.#\n#   \n#####\n' });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ file: '<level>', line: 2 });
    expect(json.error.message).toMatch(/not enclosed|outside|wall/);
  });

  it('a domain with a typo', async () => {
    const { status, json } = await post('/api/solve', { problem: 'init([at(a)]).\ngoal([at(b)]).\n', domain: 'opn(go(X,Y), [at(X)], [at(Y)], [at(X)].\n' });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ file: '<domain>', line: 1 });
  });

  it('Prolog directives and clauses other than opn/4 are refused by the domain check', async () => {
    for (const domain of [':- initialization(halt).\nopn(go, [], [b], []).\n', "opn(go, [], [b], []).\nfoo :- shell('rm -rf /').\n", 'opn(go, [], [b], []).\n:- halt.\n']) {
      const { status, json } = await post('/api/solve', { problem: 'init([a]).\ngoal([b]).\n', domain });
      expect(status, domain).toBe(400);
      expect(json.error.file).toBe('<domain>');
    }
    const p = await post('/api/solve', { problem: ':- halt.\ninit([a]).\ngoal([b]).\n', domain: 'opn(go, [a], [b], [a]).\n' });
    expect(p.status).toBe(400);
    expect(p.json.error.file).toBe('<problem>');
  });

  it('a level with Prolog in it is not a level', async () => {
    const { status, json } = await post('/api/solve', { level: ":- halt.\nopn('x').\n" });
    expect(status).toBe(400);
    expect(json.error.file).toBe('<level>');
  });

  it('schema: unknown fields, wrong types, unknown names, both or neither problem', async () => {
    const cases: [unknown, RegExp][] = [
      [{ level: ONE_PUSH, algorithm: 'bfs' }, /unknown field 'algorithm'/],
      [{ level: ONE_PUSH, algo: 'nope' }, /algo must be one of: iddfs, bfs/],
      [{ level: ONE_PUSH, timeout: 'soon' }, /timeout must be number/],
      [{ level: ONE_PUSH, maxNodes: 0 }, /maxNodes must be >= 1/],
      [{ level: ONE_PUSH, problem: 'init([]).', domain: '' }, /either "level"/],
      [{}, /either "level"/],
      [{ problem: 'init([]).' }, /either "level"/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await post('/api/solve', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.error.message).toMatch(message);
    }
  });

  it('option combinations are checked like the CLI flags', async () => {
    const { status, json } = await post('/api/solve', { level: ONE_PUSH, algo: 'bfs', heuristic: 'hff' });
    expect(status).toBe(400);
    expect(json.error.message).toBe('strategy bfs uses no heuristic; drop heuristic');
    const w = await post('/api/solve', { level: ONE_PUSH, algo: 'bfs', weight: 2 });
    expect(w.json.error.message).toBe('weight applies to wastar, push, not to bfs');
  });

  it('malformed JSON, a wrong content type, an oversized body', async () => {
    const bad = await api.server.app.inject({ method: 'POST', url: '/api/solve', headers: { 'content-type': 'application/json' }, payload: '{"level": "#' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^bad request: .*JSON/i);
    const text = await api.server.app.inject({ method: 'POST', url: '/api/solve', headers: { 'content-type': 'text/plain' }, payload: ONE_PUSH });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toMatch(/send JSON/);
    const big = await api.server.app.inject({ method: 'POST', url: '/api/solve', payload: { level: '#'.repeat(300_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/too large \(limit 262144 bytes\)/);
  });
});

describe('POST /api/validate and /api/scan', () => {
  it('validates a LURD string or a plan', async () => {
    expect((await post('/api/validate', { level: ONE_PUSH, lurd: 'R' })).json).toMatchObject({ valid: true, length: 1, lurd: 'R', moves: 1, pushes: 1 });
    const bad = await post('/api/validate', { level: ONE_PUSH, plan: ['moveR(x1y1,x2y1)'] });
    expect(bad.status).toBe(200);
    expect(bad.json).toMatchObject({ valid: false, failure: { step: 1, op: 'moveR(x1y1,x2y1)' } });
    const impossible = await post('/api/validate', { level: ONE_PUSH, lurd: 'RR' });
    expect(impossible.status).toBe(200);
    expect(impossible.json).toMatchObject({ valid: false, failure: { step: 2 } });
    const letters = await post('/api/validate', { level: ONE_PUSH, lurd: 'Rx' });
    expect(letters.status).toBe(400);
    expect(letters.json.error).toMatchObject({ file: '<lurd>', line: 1, column: 2 });
    const unparsable = await post('/api/validate', { level: ONE_PUSH, plan: ['pushR(x1y1,x2y1,x3y1)', 'moveR(('] });
    expect(unparsable.status).toBe(400);
    expect(unparsable.json.error).toMatchObject({ file: '<plan>', line: 2 });
  });

  it('scans an uploaded collection: each level with its text or its located problem', async () => {
    const r = await post('/api/scan', { text: `; One\n${ONE_PUSH}\n; Broken\n#####\n#@$.#\n#   \n#####\n` });
    expect(r.status).toBe(200);
    expect(r.json.map((l: { number: number; title: string }) => [l.number, l.title])).toEqual([
      [1, 'One'],
      [2, 'Broken'],
    ]);
    expect(r.json[0]).toMatchObject({ text: ONE_PUSH, error: null });
    expect(r.json[1].text).toBeNull();
    expect(r.json[1].error).toMatchObject({ file: '<level>', line: 8, column: 2 });
    expect(r.json[1].error.message).toMatch(/level 2/);
  });
});

describe('over real HTTP', () => {
  let base: string;
  beforeAll(async () => {
    await api.server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.server.app.server.address() as AddressInfo).port}`;
  });

  const solve = async (body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const r = await fetch(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };

  it('50 concurrent solves of small levels: every one answered and solved', async () => {
    const levels = (await (await fetch(`${base}/api/levels`)).json()) as { file: string; text: string }[];
    const small = levels.filter((l) => l.file === 'maps/tutorial.txt');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => solve({ level: small[i % small.length].text, algo: 'bfs' })));
    expect(answers.map((a) => a.status)).toEqual(new Array(50).fill(200));
    expect(answers.every((a) => a.json.status === 'solved')).toBe(true);
    expect(answers.slice(0, 9).map((a) => a.json.length)).toEqual([1, 4, 6, 9, 12, 12, 13, 16, 25]);
  }, 120_000);

  it('a client that goes away stops its search and frees the worker', async () => {
    const before = api.server.counters().completed;
    const req = request(`${base}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => {});
    req.end(JSON.stringify({ level: HARD, algo: 'bfs', timeout: 60 }));
    // the client goes away once its search runs on a worker (the search would run for seconds)
    await vi.waitFor(() => expect(api.server.counters().running).toBe(1), { timeout: 20_000, interval: 20 });
    req.destroy();
    // its interrupt flag ends it at once
    await vi.waitFor(
      () => {
        expect(api.server.counters().running).toBe(0);
        expect(api.server.counters().completed).toBe(before + 1);
      },
      { timeout: 20_000, interval: 20 },
    );
  }, 30_000);
});

describe('a full queue', () => {
  it('answers 503 with Retry-After, and the requests it took are all answered', async () => {
    const small = await createPlayground({ threads: 1, queue: 1 });
    try {
      const body = { level: HARD, algo: 'bfs', maxNodes: 300_000 };
      const rs = await Promise.all(Array.from({ length: 4 }, () => small.app.inject({ method: 'POST', url: '/api/solve', payload: body })));
      const codes = rs.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 200, 503, 503]);
      const busy = rs.find((r) => r.statusCode === 503)!;
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json().error.message).toMatch(/busy/);
      expect(small.counters()).toMatchObject({ rejected: 2, completed: 2, running: 0, queued: 0 });
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('POST /api/explain', () => {
  it('each step with its schema, bindings, matched preconditions, add and delete lists and the board', async () => {
    const { status, json } = await post('/api/explain', { level: ONE_PUSH, lurd: 'R' });
    expect(status).toBe(200);
    expect(json.valid).toBe(true);
    expect(json.steps).toHaveLength(1);
    const s = json.steps[0];
    expect(s.op).toBe('pushR(x1y1,x2y1,x3y1)');
    expect(s.schema).toMatchObject({ name: 'pushR(Sok,From,To)', line: 54 });
    expect(s.bindings).toEqual({ Sok: 'x1y1', From: 'x2y1', To: 'x3y1' });
    expect(s.preconditions).toEqual([
      { fact: 'right(x3y1,x2y1)', static: true },
      { fact: 'right(x2y1,x1y1)', static: true },
      { fact: 'sokoban(x1y1)', static: false },
      { fact: 'box(x2y1)', static: false },
      { fact: 'empty(x3y1)', static: false },
    ]);
    expect(s.add).toEqual(['sokoban(x2y1)', 'box(x3y1)', 'empty(x1y1)']);
    expect(s.del).toEqual(['sokoban(x1y1)', 'box(x2y1)', 'empty(x3y1)']);
    expect(s.board).toBe('#####\n# @*#\n#####');
  });
});

describe('injection attempts reach no engine as code', () => {
  it('preconditions naming built-ins (halt, shell, assertz) are facts to match, not goals, in both backends', async () => {
    const domain = "opn(go, [halt, shell('rm -rf /'), assertz(x)], [done], []).\n";
    const problem = 'init([]).\ngoal([done]).\n';
    const ts = await post('/api/solve', { problem, domain, algo: 'bfs' });
    expect(ts.status).toBe(200);
    expect(ts.json.status).toBe('unsolvable');
    for (const engine of ['tau', 'swipl']) {
      const p = await post('/api/solve', { problem, domain, backend: 'prolog', algo: 'bfs', engine });
      if (engine === 'swipl' && p.status === 400 && /swipl-wasm/.test(p.json.error.message)) continue; // not installed
      expect(p.status, engine).toBe(200);
      expect(p.json.status, engine).toBe('unsolvable');
    }
    // the server is still there
    expect((await api.server.app.inject('/api/status')).statusCode).toBe(200);
  }, 60_000);
});

describe('issue 13: text hidden after a line end in a % comment reaches no engine', () => {
  // the reproduction of issue 13: the checker ended "%" comments at LF only, the engines also at CR,
  // so the directive after "%\r" was never checked and ran in the engine (with swipl: JavaScript)
  const marker = join(tmpdir(), `planlog-api-issue13-${process.pid}`);
  const hidden = (lineEnd: string): string => `%${lineEnd} :- js_run_script("process.getBuiltinModule('fs').writeFileSync('${marker}', 'pwned')").\n`;
  const cases = ['\r', '\u2028', '\u2029'].flatMap((lineEnd) => [
    { field: 'problem', lineEnd, body: { problem: `init([p]).\ngoal([q]).\n${hidden(lineEnd)}`, domain: 'opn(a,[p],[q],[]).\n' }, error: { file: '<problem>', line: 4, column: 19 } },
    { field: 'domain', lineEnd, body: { problem: 'init([p]).\ngoal([q]).\n', domain: `opn(a,[p],[q],[]).\n${hidden(lineEnd)}` }, error: { file: '<domain>', line: 3, column: 19 } },
  ]);
  for (const route of ['/api/solve', '/api/compare']) {
    for (const engine of ['tau', 'swipl']) {
      it(`${route}, engine ${engine}: both fields, after CR, U+2028 and U+2029: a located 400`, async () => {
        for (const c of cases) {
          const r = await post(route, { backend: 'prolog', engine, algo: 'bfs', ...c.body });
          expect(r.status, `${c.field} ${JSON.stringify(c.lineEnd)}`).toBe(400);
          expect(r.json.error, `${c.field} ${JSON.stringify(c.lineEnd)}`).toMatchObject(c.error);
          expect(r.json.error.message).toBe('double-quoted strings are not supported; write a quoted atom \'like this\'');
        }
        expect(existsSync(marker)).toBe(false);
      });
    }
  }
  it('the directive itself, made visible, is refused by the domain and problem checks (located)', async () => {
    const r = await post('/api/solve', { backend: 'prolog', engine: 'swipl', problem: "init([p]).\ngoal([q]).\n%\r:- js_run_script('1').\n", domain: 'opn(a,[p],[q],[]).\n' });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ file: '<problem>', line: 4, column: 1, message: 'expected init([...]) or goal([...]), found a directive' });
  });
});

describe('slow clients', () => {
  it('a request not sent within the request timeout gets 408 and its socket closed; others are served meanwhile', async () => {
    const srv = await createPlayground({ threads: 1, requestTimeoutMs: 1000 });
    try {
      await srv.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (srv.app.server.address() as AddressInfo).port;
      const { connect } = await import('node:net');
      const answer = new Promise<string>((resolve) => {
        const s = connect(port, '127.0.0.1', () => s.write('POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"level": "#'));
        let got = '';
        const drip = setInterval(() => s.write('#'), 200);
        s.on('data', (d) => (got += d.toString()));
        s.on('error', () => undefined);
        s.on('close', () => {
          clearInterval(drip);
          resolve(got.split('\r\n')[0]);
        });
      });
      const ok = await fetch(`http://127.0.0.1:${port}/api/solve`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ level: ONE_PUSH }) });
      expect(ok.status).toBe(200);
      expect(await answer).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      await srv.close();
    }
  }, 30_000);
});
