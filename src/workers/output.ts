/**
 * What a pool worker prints does not reach the process's stdout unfiltered
 * (the web server's pool, the bench's pool). A worker thread's
 * `process.stdout` and `process.stderr` are normally piped into the main
 * thread's, so anything a library prints in a worker (an engine's warning,
 * a stray console.log) would end up among the server's own lines or in the
 * bench's tables. Piscina does not pass Worker's `stdout: true`, so the
 * worker side replaces the two streams' `write` (console, nested workers
 * piped into them and direct writes all go through it) and posts each
 * chunk on a BroadcastChannel named in the pool's workerData; the main side
 * turns the chunks into lines for a sink of its choice (the server's log,
 * stderr).
 */
import { BroadcastChannel, isMainThread, workerData } from 'node:worker_threads';

export type WorkerStream = 'stdout' | 'stderr';

/** The `workerData` field naming the channel. */
export interface WorkerOutputData {
  workerOutput?: string;
}

interface Chunk {
  stream: WorkerStream;
  text: string;
}

/**
 * Main side: a fresh channel; `sink` gets every line a worker of the pool
 * prints. Pass `workerData` to the pool; call `close` when the pool is gone.
 */
export function collectWorkerOutput(sink: (stream: WorkerStream, line: string) => void): { workerData: WorkerOutputData; close(): void } {
  const name = `planlog-worker-output-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const channel = new BroadcastChannel(name);
  const partial: Record<WorkerStream, string> = { stdout: '', stderr: '' };
  channel.onmessage = (event) => {
    const { stream, text } = (event as { data: Chunk }).data;
    const lines = (partial[stream] + text).split(/\r?\n/);
    partial[stream] = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') sink(stream, line);
  };
  // the channel does not keep the process alive
  channel.unref();
  return {
    workerData: { workerOutput: name },
    close() {
      for (const stream of ['stdout', 'stderr'] as const) {
        if (partial[stream].trim() !== '') sink(stream, partial[stream]);
        partial[stream] = '';
      }
      channel.close();
    },
  };
}

/**
 * Worker side (call once when the worker's module loads): when workerData
 * names a channel, what this thread writes to stdout or stderr goes there
 * instead of to the process's streams. Does nothing on the main thread.
 */
export function captureWorkerOutput(): void {
  const name = (workerData as WorkerOutputData | null)?.workerOutput;
  if (isMainThread || typeof name !== 'string') return;
  const channel = new BroadcastChannel(name);
  channel.unref();
  for (const stream of ['stdout', 'stderr'] as const) {
    const target = process[stream];
    target.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((e?: Error | null) => void), callback?: (e?: Error | null) => void): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (text !== '') channel.postMessage({ stream, text } satisfies Chunk);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (done) queueMicrotask(() => done());
      return true;
    }) as typeof target.write;
  }
}
