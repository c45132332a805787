/**
 * The bench tools' command lines: node's parseArgs, plus `--help` (prints
 * the tool's leading doc comment, exit 0) and a usage error for a flag the
 * tool does not know or a value left out (`bench/TOOL.ts: message`, exit 2)
 * instead of a stack trace.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** parseArgs for the tool whose module URL is `toolUrl` (its import.meta.url). */
export function benchArgs<T extends ParseArgsConfig>(toolUrl: string, config: T): ReturnType<typeof parseArgs<T>> {
  const file = fileURLToPath(toolUrl);
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    const doc = readFileSync(file, 'utf8').split('*/')[0];
    console.log(doc.replace(/^\s*\/\*\*[ \t]*\n/, '').replace(/^ \* ?/gm, '').trimEnd());
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (e) {
    if (!String((e as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) throw e;
    console.error(`bench/${basename(file)}: ${(e as Error).message}`);
    process.exit(2);
  }
}
