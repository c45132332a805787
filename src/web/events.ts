/**
 * A streamed solve's or trace's answer: server-sent events (text/event-stream) written
 * on the raw response. Fastify needs no plugin for this: the reply is
 * hijacked (Fastify sends nothing more), the headers are written once and
 * each event is a `event:`/`data:` block; the browser reads it with
 * fetch's body reader (EventSource cannot POST). Events, in order:
 * `started` (a worker took the request), `progress` (the CLI's progress
 * line as JSON: expanded, generated, statesPerSecond, bound, f, elapsedMs;
 * at most every 100 ms, only when it changed), then one final `result` (the
 * plain answer's JSON) or `error` ({ status, error } as the plain answer's
 * status and body).
 */
import type { FastifyReply } from 'fastify';
import type { Progress } from '../util/budget.ts';

export interface EventStream {
  /** Writes the final event and ends the response (nothing when the client left). */
  end(event: 'result' | 'error', data: unknown): FastifyReply;
  /** Stops reading the progress (idempotent). */
  stop(): void;
}

/** How often the progress slots are read (ms). */
export const PROGRESS_INTERVAL_MS = 100;

/** One progress event's data: the CLI's progress line. */
export function progressEvent(p: Progress): Record<string, number> {
  const secs = p.elapsedMs / 1000;
  return {
    expanded: p.expanded,
    generated: p.generated,
    statesPerSecond: secs > 0 ? Math.round(p.expanded / secs) : 0,
    ...(p.bound !== undefined ? { bound: p.bound } : {}),
    ...(p.f !== undefined ? { f: p.f } : {}),
    elapsedMs: Math.round(p.elapsedMs),
  };
}

/** Opens the event stream on `reply` and sends `started`; reads `slots` (task.ts readProgress) every 100 ms. */
export function openEventStream(reply: FastifyReply, slots: Float64Array, read: (slots: Float64Array, seen: number) => { seq: number; progress: Progress } | null): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  const send = (event: string, data: unknown): void => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  send('started', {});
  let seen = 0;
  const poll = (): void => {
    const p = read(slots, seen);
    if (!p) return;
    seen = p.seq;
    send('progress', progressEvent(p.progress));
  };
  const timer = setInterval(poll, PROGRESS_INTERVAL_MS);
  const stop = (): void => clearInterval(timer);
  return {
    end(event, data) {
      stop();
      // the last progress before the result, if the search reported one since the last read
      poll();
      send(event, data);
      if (!raw.destroyed && !raw.writableEnded) raw.end();
      return reply;
    },
    stop,
  };
}
