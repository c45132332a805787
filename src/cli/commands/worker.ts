/**
 * `planlog worker --queue redis://HOST:PORT`: runs solve jobs from the job
 * queue (BullMQ on Redis; `bench --queue` puts them there) on this
 * machine's worker threads until Ctrl-C or SIGTERM, which stop it taking
 * jobs and let the running ones finish. The queue client is loaded when the
 * command runs, so that the other commands start without it.
 */
import { availableParallelism } from 'node:os';
import { positiveNumber, UsageError } from '../../options/index.ts';
import { command } from '../command.ts';
import { exitCode } from '../exit.ts';

export const worker = command({
  name: 'worker',
  args: '',
  summary: 'run solve jobs from a job queue (bench --queue) on this machine until Ctrl-C',
  usage: ['worker --queue redis://HOST:PORT [--concurrency N] [--stall-timeout SEC]'],
  description: [
    'Takes solve jobs from the job queue at --queue (BullMQ on a Redis server) and runs them on this machine, N at a time; `planlog bench --queue URL` puts them there. Start one worker per machine, on as many machines as you have: each needs planlog and the level, problem and domain files at the paths the bench names (the same checkout, or a shared folder).',
    '',
    'It prints a line when it starts and when it finishes a job (`start ID FILE:LEVEL STRATEGY`, `done ID STATUS …`). Ctrl-C or SIGTERM stops it taking jobs and waits for the running ones (a second Ctrl-C quits at once); a worker that is killed or loses its machine leaves its jobs to the others after --stall-timeout.',
  ].join('\n'),
  flags: {
    queue: { type: 'string', value: 'URL', help: 'the job queue: redis://HOST:PORT (or redis://HOST:PORT/DB, rediss:// for TLS, redis://:PASSWORD@HOST:PORT)' },
    concurrency: { type: 'string', value: 'N', help: `jobs run at a time, each on a worker thread (default: all cores, here ${availableParallelism()})` },
    'stall-timeout': {
      type: 'string',
      value: 'SEC',
      help: 'a job whose worker has not renewed its lock for SEC seconds (killed, machine gone) goes back to the queue for another worker (default 30; give every worker the same)',
    },
  },
  files: 'none',
  exits: { 0: 'stopped by Ctrl-C or SIGTERM', 2: 'bad input or usage (also: the queue cannot be reached)' },
  async run({ values }, io) {
    if (values.queue === undefined) throw new UsageError('worker needs --queue redis://HOST:PORT (the job queue to take jobs from)');
    const concurrency = positiveNumber('concurrency', values.concurrency, true) ?? availableParallelism();
    const stall = positiveNumber('stall-timeout', values['stall-timeout'], false);
    const { checkQueue, QueueUnreachable, shownUrl } = await import('../../queue/connection.ts');
    try {
      await checkQueue(values.queue);
    } catch (e) {
      if (!(e instanceof QueueUnreachable)) throw e;
      io.err(`planlog: ${e.message}`);
      return exitCode('usage');
    }
    const { startWorker } = await import('../../queue/worker.ts');
    const running = startWorker(values.queue, { concurrency, ...(stall !== undefined ? { stallMs: Math.round(stall * 1000) } : {}), log: (line) => io.out(line) });
    // wait for Ctrl-C before saying so: a Ctrl-C right after the line must find the handler
    const interrupted = io.untilInterrupted?.() ?? new Promise<void>(() => {});
    io.out(`planlog worker on ${shownUrl(values.queue)}, ${concurrency} job${concurrency === 1 ? '' : 's'} at a time (Ctrl-C stops it)`);
    await interrupted;
    io.out('stopping the worker: waiting for the running jobs…');
    await running.close();
    io.out('worker stopped');
    return exitCode('ok');
  },
});
