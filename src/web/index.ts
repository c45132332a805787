/**
 * The web playground's entry file (`planlog serve`): the server and the
 * shapes of its answers beyond the contract's JSON objects (those are in
 * src/pipeline/json.ts). Importing it loads Fastify and piscina: load it on
 * demand (`await import(…)`) where other commands do not need them.
 */
export { createPlayground, type PlaygroundServer, type RemoteRunner, type ServeOptions, type ServerCounters } from './server.ts';
export type { DomainEntry, LevelEntry, ProblemEntry } from './catalog.ts';
export type { ScanEntry } from './worker.ts';
