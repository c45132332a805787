#!/usr/bin/env node
/** Entry point: the only place that calls process.exit. */
import { main } from './cli/main.ts';
import { nodeIo } from './cli/io.ts';

main(process.argv.slice(2), nodeIo).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`planlog: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(70);
  },
);
