/** How the CLI reports a user's mistake: located errors with the offending line, usage errors in words; exit 2. */
import { errorJson } from '../pipeline/json.ts';
import { UsageError } from '../options/index.ts';
import { formatDiagnostics, PlanlogError } from '../util/errors.ts';
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
    io.err(formatDiagnostics(e.diagnostics, sourcesOf(io, e)));
    return exitCode('usage');
  }
  if (e instanceof UsageError) {
    if (json) io.out(JSON.stringify({ error: { message: e.message } }, null, 2));
    io.err(`planlog: ${e.message}\n(see ${help})`);
    return exitCode('usage');
  }
  throw e;
}

/** Source texts of the files an error points into, for the excerpt under the message. */
function sourcesOf(io: Io, e: PlanlogError): Map<string, string> {
  const m = new Map<string, string>();
  for (const d of e.diagnostics) {
    if (d.line === undefined || m.has(d.file) || d.file.startsWith('<')) continue;
    try {
      m.set(d.file, io.readFile(d.file));
    } catch {
      // no excerpt then
    }
  }
  return m;
}
