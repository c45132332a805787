/** Runs the CLI in-process with a fake Io that collects stdout and stderr and reads real files. */
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** `planlog …argv`: the exit code and what was printed (lines joined by "\n"). */
export async function runMain(...argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readFile: readTextFile, isTTY: false };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
