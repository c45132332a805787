#!/usr/bin/env node
/**
 * Entry point: the only place that touches the process (exit code, signals).
 * Searches run in a worker thread; the first Ctrl-C stops the search cleanly
 * (status limit, statistics so far), a second one quits at once.
 * PLANLOG_PROGRESS=1 shows the progress line ("searching… N expanded, …")
 * even when stderr is not a terminal: a script (or the signal tests) can
 * wait for it to know that a search is running.
 */
import { main } from './cli/main.ts';
import { exitCode } from './cli/exit.ts';
import { nodeIo, type Io } from './cli/io.ts';
import { solveSourceInWorker } from './workers/solve.ts';

const io: Io = {
  ...nodeIo,
  isTTY: nodeIo.isTTY || process.env.PLANLOG_PROGRESS === '1',
  async solve(source, options, onProgress) {
    const interrupt = new Int32Array(new SharedArrayBuffer(4));
    let first = 0;
    const onSigint = (): void => {
      // wrappers (npm, tsx, timeout) relay one Ctrl-C as several signals within milliseconds
      if (first > 0) {
        if (Date.now() - first > 500) process.exit(130);
        return;
      }
      first = Date.now();
      Atomics.store(interrupt, 0, 1);
      process.stderr.write('\ninterrupted: stopping the search (Ctrl-C again quits at once)\n');
    };
    process.on('SIGINT', onSigint);
    try {
      return await solveSourceInWorker(source, options, { onProgress, interrupt });
    } finally {
      // after a Ctrl-C the handler stays: a wrapper's copy of that one signal (npm relays it
      // to its child) may come after the search has stopped, and must not kill the process
      // while it prints the statistics
      if (first === 0) process.off('SIGINT', onSigint);
    }
  },
};

// A reader that stops early (`| head`) closes the pipe: stop quietly, as other command-line tools do, instead of an unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`planlog: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(exitCode('internal'));
  },
);
