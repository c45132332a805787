/** What the CLI needs from the outside world; tests pass their own. */
import { readFileSync, statSync } from 'node:fs';
import { PlanlogError, type LoadedProblem, type Progress, type SolveOptions, type SolveReport } from '../index.ts';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Reads a text file; throws PlanlogError when it cannot. */
  readFile(path: string): string;
  /** stderr is a terminal (live progress is shown only then). */
  isTTY: boolean;
  /**
   * Runs a search off the main thread (so that Ctrl-C can stop it cleanly);
   * without it the CLI searches in-process (tests).
   */
  /** Resolves at the first Ctrl-C (or SIGTERM); long-running commands (serve) wait on it. */
  untilInterrupted?: () => Promise<void>;
  solve?: (loaded: LoadedProblem, options: SolveOptions, parseMs: number, onProgress?: (p: Progress) => void) => Promise<SolveReport>;
}

/** Largest file read (MB): levels, domains and plans are far smaller; a bigger file is a mistake. */
export const MAX_FILE_MB = 64;

/**
 * Reads a file as UTF-8 text. Throws a PlanlogError for I/O errors, a
 * regular file over MAX_FILE_MB, and binary data (a zero byte or bytes that
 * are not UTF-8, located at the first one).
 */
export function readTextFile(path: string): string {
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > MAX_FILE_MB * 2 ** 20) {
      throw new PlanlogError({ file: path, message: `cannot read file: it has ${(size / 2 ** 20).toFixed(0)} MB; planlog reads text files of up to ${MAX_FILE_MB} MB` });
    }
    bytes = readFileSync(path);
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
