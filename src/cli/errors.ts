/** How the CLI reports a user's mistake: located errors with the offending line, usage errors in words; exit 2. */
import { errorJson } from '../pipeline/json.ts';
import { UsageError } from '../options/index.ts';
import { formatDiagnostics, PlanlogError, type Diagnostic } from '../util/errors.ts';
import { exitCode } from './exit.ts';
import type { Io } from './io.ts';
import { programName } from './paths.ts';

/**
 * Prints a bad input's error (`file:line:col: message`, the line and a
 * caret; also as `{ "error": … }` on stdout with --json) or a usage error
 * with a line naming the help to read (`help`: a command line, e.g.
 * `npx planlog solve --help`), and returns exit code 2; rethrows anything
 * else (an internal error).
 */
export function reportError(e: unknown, io: Io, json: boolean, help = `${programName()} --help`): number {
  if (e instanceof PlanlogError) {
    if (json) io.out(JSON.stringify({ error: errorJson(e) }, null, 2));
    io.err(formatDiagnostics(e.diagnostics, sourcesOf(io, e.diagnostics)));
    return exitCode('usage');
  }
  if (e instanceof UsageError) {
    if (json) io.out(JSON.stringify({ error: { message: e.message } }, null, 2));
    io.err(`planlog: ${e.message}\n(see ${help})`);
    return exitCode('usage');
  }
  throw e;
}

/** The texts of the files the diagnostics point into (for the excerpt under each); a file that cannot be read gets none. */
export function sourcesOf(io: Io, diagnostics: readonly Diagnostic[]): Map<string, string> {
  const m = new Map<string, string>();
  const failed = new Set<string>();
  for (const d of diagnostics) {
    if (d.line === undefined || m.has(d.file) || failed.has(d.file) || d.file.startsWith('<')) continue;
    try {
      m.set(d.file, io.readFile(d.file));
    } catch {
      failed.add(d.file);
    }
  }
  return m;
}
