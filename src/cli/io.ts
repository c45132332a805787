/** What the CLI needs from the outside world; tests pass their own. */
import { readFileSync } from 'node:fs';
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

/** Reads a file as UTF-8, turning I/O errors into a located user error. */
export function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new PlanlogError({ file: path, message: `cannot read file: ${why}` });
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
