/** What the CLI needs from the outside world; tests pass their own. */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import type { LoadedProblem, ProblemSource } from '../core/load.ts';
import type { SolveReport } from '../core/report.ts';
import type { RunOptions } from '../pipeline/solve.ts';
import type { Progress } from '../search/types.ts';
import { PlanlogError } from '../util/errors.ts';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Reads a text file; throws PlanlogError when it cannot. */
  readFile(path: string): string;
  /** stderr is a terminal (live progress is shown only then). */
  isTTY: boolean;
  /** Resolves at the first Ctrl-C (or SIGTERM); long-running commands (serve) wait on it. */
  untilInterrupted?: () => Promise<void>;
  /**
   * Reads and solves the texts off the main thread (so that Ctrl-C can stop
   * it cleanly, reading included), under one budget from
   * `options.startedAt`; without it the CLI solves in-process (tests).
   */
  solve?: (source: ProblemSource, options: RunOptions, onProgress?: (p: Progress) => void) => Promise<{ report: SolveReport; loaded: LoadedProblem }>;
}

/** Largest file read (MB): levels, domains and plans are far smaller; a bigger file is a mistake. */
export const MAX_FILE_MB = 64;

/**
 * Reads a file as UTF-8 text. Throws a PlanlogError for I/O errors, a
 * device (/dev/zero, /dev/urandom: they never end), a file over
 * MAX_FILE_MB (a pipe is read up to that size, then refused), and binary
 * data (a zero byte or bytes that are not UTF-8, located at the first one).
 */
export function readTextFile(path: string): string {
  let bytes: Buffer;
  const max = MAX_FILE_MB * 2 ** 20;
  const tooBig = (what: string): PlanlogError => new PlanlogError({ file: path, message: `cannot read file: it has ${what} MB; planlog reads text files of up to ${MAX_FILE_MB} MB` });
  try {
    const st = statSync(path);
    if (st.isCharacterDevice() || st.isBlockDevice()) {
      throw new PlanlogError({ file: path, message: `cannot read file: not a regular file (a ${st.isBlockDevice() ? 'block' : 'character'} device); planlog reads text files` });
    }
    if (st.isFIFO() || st.isSocket()) bytes = readCapped(path, max, () => tooBig(`more than ${MAX_FILE_MB}`));
    else {
      if (st.size > max) throw tooBig((st.size / 2 ** 20).toFixed(0));
      bytes = readFileSync(path);
      // a file that grew since (or a /proc file, whose size says 0)
      if (bytes.length > max) throw tooBig(`more than ${MAX_FILE_MB}`);
    }
  } catch (e) {
    if (e instanceof PlanlogError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new PlanlogError({ file: path, message: `cannot read file: ${why}` });
  }
  const text = bytes.toString('utf8');
  const bad = /[\u0000\uFFFD]/.exec(text);
  if (bad && (bad[0] === '\u0000' || !bytes.includes(Buffer.from('\uFFFD', 'utf8')))) {
    const before = text.slice(0, bad.index);
    const line = before.split('\n').length;
    const what = bad[0] === '\u0000' ? 'a zero byte' : 'bytes that are not UTF-8';
    throw new PlanlogError({ file: path, line, column: bad.index - before.lastIndexOf('\n'), message: `this is not a text file: ${what} here (is it a binary file? planlog reads UTF-8 text)` });
  }
  return text;
}

/** Reads a pipe up to `max` bytes; `over()` is thrown when it has more. */
function readCapped(path: string, max: number, over: () => PlanlogError): Buffer {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1 << 16);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > max) throw over();
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

export const nodeIo: Io = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  readFile: readTextFile,
  isTTY: Boolean(process.stderr.isTTY),
  untilInterrupted: () =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        process.off('SIGINT', done);
        process.off('SIGTERM', done);
        resolve();
      };
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    }),
};
