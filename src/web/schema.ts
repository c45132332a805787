/**
 * JSON schemas of the API's request bodies (checked by Fastify before any
 * worker sees a request). The option fields are generated from the options'
 * declarations (src/options/: the registries' names, each strategy's own
 * options, their ranges), so a new strategy, heuristic or option is accepted
 * without touching this file.
 */
import { requestSchemaProperties, traceSchemaProperties } from '../options/index.ts';

/** Longest level, problem or domain text accepted (characters). */
export const MAX_TEXT = 200_000;

const text = { type: 'string', maxLength: MAX_TEXT } as const;

/** Exactly one of `level` (level text) and `problem` (Prolog problem text, which needs `domain`). */
const problemChoice = {
  oneOf: [
    { required: ['level'], not: { required: ['problem'] } },
    { required: ['problem', 'domain'], not: { required: ['level'] } },
  ],
} as const;

const problemFields = {
  level: text,
  /** Which level of a collection (1-based). */
  number: { type: 'integer', minimum: 1, maximum: 100_000 },
  problem: text,
  domain: text,
} as const;

/** A plan: its steps (terms, one per item) or a LURD string. */
const planFields = {
  plan: { type: 'array', maxItems: 100_000, items: { type: 'string', maxLength: 10_000, pattern: '^[^\\r\\n]*$' } },
  lurd: { type: 'string', maxLength: 1_000_000 },
} as const;

/** /api/compare: the problem and the search options. */
export const solveBodySchema = {
  type: 'object',
  additionalProperties: false,
  ...problemChoice,
  properties: {
    ...problemFields,
    ...requestSchemaProperties(),
  },
} as const;

/** /api/solve: and `stream: true`, the answer a text/event-stream of the search's progress and its result (events.ts). */
export const streamedSolveBodySchema = {
  ...solveBodySchema,
  properties: { ...solveBodySchema.properties, stream: { type: 'boolean' } },
} as const;

/** /api/trace: /api/solve's body and the trace's own options (options/ traceOptionDecls: `limit`, `states`). */
export const traceBodySchema = {
  ...streamedSolveBodySchema,
  properties: { ...streamedSolveBodySchema.properties, ...traceSchemaProperties() },
} as const;

export const validateBodySchema = {
  type: 'object',
  additionalProperties: false,
  allOf: [problemChoice, { oneOf: [{ required: ['plan'] }, { required: ['lurd'] }] }],
  properties: {
    ...problemFields,
    ...planFields,
  },
} as const;

export const scanBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: text },
} as const;

/** /api/lint: a level (with the Sokoban domain unless `domain`), a problem with its domain, or a domain alone. */
export const lintBodySchema = {
  type: 'object',
  additionalProperties: false,
  oneOf: [
    { required: ['level'], not: { required: ['problem'] } },
    { required: ['problem', 'domain'], not: { required: ['level'] } },
    { required: ['domain'], not: { anyOf: [{ required: ['level'] }, { required: ['problem'] }] } },
  ],
  properties: {
    ...problemFields,
    strict: { type: 'boolean' },
  },
} as const;

/**
 * /api/pddl: `to: "opn"` with a PDDL domain (and problem); `to: "pddl"`
 * with an opn domain (optional with a level: the Sokoban domain), and a
 * Prolog problem or a level, and optionally a plan (terms or LURD) to
 * write in PDDL's form.
 */
export const pddlBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['to'],
  oneOf: [
    { properties: { to: { const: 'opn' } }, required: ['domain'], not: { anyOf: [{ required: ['level'] }, { required: ['plan'] }, { required: ['lurd'] }, { required: ['number'] }, { required: ['domainName'] }] } },
    { properties: { to: { const: 'pddl' } }, anyOf: [{ required: ['domain'] }, { required: ['level'] }], not: { allOf: [{ required: ['level'] }, { required: ['problem'] }] } },
  ],
  properties: {
    to: { enum: ['opn', 'pddl'] },
    ...problemFields,
    /** The PDDL domain's name (default `domain`, with a level and no domain `sokoban`). */
    domainName: { type: 'string', maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
    ...planFields,
  },
} as const;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A readable message for the first schema violation of a body. */
export function schemaMessage(errors: readonly AjvError[]): string {
  const e = errors[0];
  if (!e) return 'bad request body';
  const field = e.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'the body';
  switch (e.keyword) {
    case 'enum':
      return `${field} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    case 'additionalProperties':
      return `unknown field '${String(e.params.additionalProperty)}'`;
    case 'oneOf':
    case 'not':
    case 'required':
      if (field === 'the body') return 'send either "level" (a Sokoban level text) or "problem" and "domain" (Prolog texts)' + (errors.some((x) => x.params.missingProperty === 'plan' || x.params.missingProperty === 'lurd') ? ', and either "plan" (a list of steps) or "lurd"' : '');
      return `${field} ${e.message ?? 'is invalid'}`;
    case 'type':
      return `${field} must be ${String(e.params.type)}`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}
