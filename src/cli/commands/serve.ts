/**
 * `planlog serve`: the web playground until Ctrl-C. The server (Fastify, the
 * worker pool, the page) is loaded when the command runs, so that the other
 * commands start without it.
 */
import { positiveNumber, UsageError } from '../../options/index.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';
import { strictFlags } from '../warnings.ts';

export const serve = command({
  name: 'serve',
  args: '',
  summary: 'the web playground on http://127.0.0.1:9000/',
  usage: ['serve [--port 9000] [--host 127.0.0.1] [options]'],
  description:
    'The web playground: edit or pick a level, choose a strategy, solve, compare the backends, watch the plan; and the JSON API (/api/levels, /api/solve, /api/compare, /api/validate, /api/explain, /api/trace, /api/domains, /api/options; /api/solve with "stream": true answers server-sent events).',
  flags: {
    port: { type: 'string', value: 'N', help: 'port (default 9000; 0: any free port)' },
    host: { type: 'string', value: 'HOST', help: 'address to bind (default 127.0.0.1, this machine only; 0.0.0.0 makes the playground reachable from the network)' },
    threads: { type: 'string', value: 'N', help: 'worker threads solving requests (default: all cores)' },
    queue: {
      type: 'string',
      multiple: true,
      value: 'N|URL',
      help: 'N: requests waiting for a worker before the server answers 503 busy (default 64). URL (redis://HOST:PORT): solve and compare requests go to the job queue there, run by `planlog worker` processes on any machines, and N bounds the jobs waiting on it (give --queue twice for both)',
    },
    'max-wait': { type: 'string', value: 'SEC', help: 'longest wait for a worker; a request not started by then is answered 503 busy (default 30)' },
    'max-timeout': { type: 'string', value: 'SEC', help: 'largest time limit a request may ask for (default 60)' },
    'max-trace-limit': { type: 'string', value: 'N', help: 'most expansions a /api/trace request may record (its limit; default 5000)' },
    log: { type: 'boolean', help: 'log every request (JSON lines on stdout; what a worker prints is logged too, otherwise it goes to stderr)' },
    strict: { ...strictFlags.strict, help: 'lint warnings are errors (HTTP 400) for every solve and compare request that does not send "strict" itself' },
  },
  files: 'none',
  exits: { 0: 'stopped by Ctrl-C', 2: 'bad input or usage (also: the port is in use)' },
  async run({ values }, io) {
    const port = values.port === undefined ? 9000 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port?.trim() === '') throw new UsageError(`--port needs a whole number from 0 to 65535, got '${values.port}'`);
    const host = values.host ?? '127.0.0.1';
    const queueValues = values.queue ?? [];
    const urls = queueValues.filter((v) => /^[a-z][a-z0-9+.-]*:\/\//i.test(v));
    const limits = queueValues.filter((v) => !urls.includes(v));
    if (urls.length > 1 || limits.length > 1) throw new UsageError(`--queue takes one number (requests waiting) and one URL (the job queue), got: ${queueValues.join(' ')}`);
    let remote: Awaited<ReturnType<typeof import('../../queue/client.ts').openQueue>> | undefined;
    let shown = '';
    if (urls.length === 1) {
      const { openQueue, QueueUnreachable, shownUrl } = await import('../../queue/client.ts');
      shown = shownUrl(urls[0]);
      try {
        remote = await openQueue(urls[0]);
      } catch (e) {
        if (!(e instanceof QueueUnreachable)) throw e;
        io.err(`planlog: ${e.message}`);
        return exitCode('usage');
      }
    }
    const { createPlayground } = await import('../../web/index.ts');
    const client = remote;
    const server = await createPlayground({
      // with the job queue the server's own threads only validate, explain, trace and read files
      threads: positiveNumber('threads', values.threads, true) ?? (client ? 1 : undefined),
      queue: positiveNumber('queue', limits[0], true),
      ...(client ? { remote: { waiting: async () => (await client.counts()).waiting, run: (data, hooks) => client.runWeb(data, hooks) } } : {}),
      maxWait: positiveNumber('max-wait', values['max-wait'], false),
      maxTimeout: positiveNumber('max-timeout', values['max-timeout'], false),
      maxTraceLimit: positiveNumber('max-trace-limit', values['max-trace-limit'], true),
      logger: Boolean(values.log),
      strict: Boolean(values.strict),
    });
    let address: string;
    try {
      address = await server.app.listen({ port, host });
    } catch (e) {
      await server.close();
      await client?.close();
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is in use (try --port ${port + 1}, or --port 0 for any free port)`);
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`cannot bind to ${host}: not an address of this machine`);
      if (code === 'EACCES') throw new UsageError(`not allowed to bind to port ${port} (ports below 1024 need privileges)`);
      throw e;
    }
    // wait for Ctrl-C before saying so: a Ctrl-C right after the line must find the handler
    const interrupted = io.untilInterrupted?.() ?? new Promise<void>(() => {});
    io.out(`planlog playground on ${address}/ (Ctrl-C stops it)`);
    if (client) io.out(`solve and compare requests go to the job queue at ${shown}`);
    await interrupted;
    io.out('stopping the playground…');
    await server.close();
    await client?.close();
    return exitCode('ok');
  },
});
