/** Runs the CLI in-process with a fake Io that collects stdout and stderr and reads real files. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { readTextFile, type Io } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** `planlog …argv`: the exit code and what was printed (lines joined by "\n"). */
export async function runMain(...argv: string[]): Promise<Run> {
  return runMainAs(undefined, ...argv);
}

/** runMain with the program name given (as cli.ts would have computed it; undefined: main's own). */
export async function runMainAs(program: string | undefined, ...argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), readFile: readTextFile, isTTY: false };
  const code = await main(argv, io, program);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A temporary folder, removed after the test file's tests: `file(name, text)` writes a file into it and returns its path. */
export function scratch(prefix: string): { dir: string; file(name: string, text: string): string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file(name, text) {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
  };
}
