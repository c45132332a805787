/**
 * A POST whose answer may be server-sent events (`stream: true` on
 * /api/solve and /api/trace; src/web/events.ts): read with fetch's body
 * reader, since EventSource cannot POST. Events: `started`, `progress`
 * (expanded, generated, statesPerSecond, bound?, f?, elapsedMs), then one
 * `result` (the plain answer) or `error` ({ status, error }). A plain JSON
 * answer (an error before a worker started, or a server without streams)
 * is read as such.
 */
import { CallError, jsonAnswer, type ApiError } from './api.ts';

/** One progress event's data. */
export interface ProgressEvent {
  expanded: number;
  generated: number;
  statesPerSecond: number;
  bound?: number;
  f?: number;
  elapsedMs: number;
}

/** Posts `body` and resolves with the final result; `onProgress` hears each progress event; CallError on an error answer or event. */
export async function postStreamed<T>(path: string, body: unknown, onProgress: (p: ProgressEvent) => void, signal?: AbortSignal, onStarted?: () => void): Promise<T> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) return jsonAnswer<T>(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
      if (event === 'started') onStarted?.();
      else if (event === 'progress') onProgress(data as ProgressEvent);
      else if (event === 'result') return data as T;
      else if (event === 'error') {
        const e = data as { status?: number; error?: ApiError };
        throw new CallError(e.status ?? 500, e.error ?? { message: 'the search failed' });
      }
    }
    if (done) throw new CallError(502, { message: 'the server ended the event stream without a result' });
  }
}
