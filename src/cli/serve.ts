/**
 * `planlog serve [--port 9000] [--host 127.0.0.1] [--threads N] [--queue N]
 * [--max-wait SEC] [--max-timeout SEC]`: the web playground until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { loadPlayground } from '../index.ts';
import type { Io } from './io.ts';
import { positiveNumber, UsageError } from '../options/index.ts';

export const serveUsage = `usage: planlog serve [--port 9000] [--host 127.0.0.1] [options]

The web playground: edit or pick a level, choose a strategy, solve, compare
the backends, watch the plan; and the JSON API (/api/levels, /api/solve,
/api/compare, /api/validate, /api/explain, /api/domains, /api/options).

options:
  --port N          port (default 9000; 0: any free port)
  --host HOST       address to bind (default 127.0.0.1, this machine only;
                    0.0.0.0 makes the playground reachable from the network)
  --threads N       worker threads solving requests (default: all cores)
  --queue N         requests waiting for a worker before the server answers
                    503 busy (default 64)
  --max-wait SEC    longest wait for a worker; a request not started by then
                    is answered 503 busy (default 30)
  --max-timeout SEC largest time limit a request may ask for (default 60)
  --log             log every request (JSON lines on stdout; what a worker
                    prints is logged too, otherwise it goes to stderr)
`;

const serveOptions = {
  port: { type: 'string' },
  host: { type: 'string' },
  threads: { type: 'string' },
  queue: { type: 'string' },
  'max-wait': { type: 'string' },
  'max-timeout': { type: 'string' },
  log: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function serveCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: serveOptions, allowPositionals: true, strict: true });
  if (values.help) {
    io.out(serveUsage);
    return 0;
  }
  if (positionals.length) throw new UsageError(`serve takes no files, got: ${positionals.join(' ')}`);
  const port = values.port === undefined ? 9000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port?.trim() === '') throw new UsageError(`--port needs a whole number from 0 to 65535, got '${values.port}'`);
  const host = values.host ?? '127.0.0.1';
  const { createPlayground } = await loadPlayground();
  const server = await createPlayground({
    threads: positiveNumber('threads', values.threads, true),
    queue: positiveNumber('queue', values.queue, true),
    maxWait: positiveNumber('max-wait', values['max-wait'], false),
    maxTimeout: positiveNumber('max-timeout', values['max-timeout'], false),
    logger: Boolean(values.log),
  });
  let address: string;
  try {
    address = await server.app.listen({ port, host });
  } catch (e) {
    await server.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is in use (try --port ${port + 1}, or --port 0 for any free port)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`cannot bind to ${host}: not an address of this machine`);
    if (code === 'EACCES') throw new UsageError(`not allowed to bind to port ${port} (ports below 1024 need privileges)`);
    throw e;
  }
  io.out(`planlog playground on ${address}/ (Ctrl-C stops it)`);
  await (io.untilInterrupted?.() ?? new Promise<void>(() => {}));
  io.out('stopping the playground…');
  await server.close();
  return 0;
}
