/**
 * JSON schemas of the API's request bodies (checked by Fastify before any
 * worker sees a request). The option fields are generated from the options'
 * declarations (src/options/: the registries' names, each strategy's own
 * options, their ranges), so a new strategy, heuristic or option is accepted
 * without touching this file.
 */
import { requestSchemaProperties } from '../options/index.ts';

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

export const solveBodySchema = {
  type: 'object',
  additionalProperties: false,
  ...problemChoice,
  properties: {
    ...problemFields,
    ...requestSchemaProperties(),
  },
} as const;

export const validateBodySchema = {
  type: 'object',
  additionalProperties: false,
  allOf: [problemChoice, { oneOf: [{ required: ['plan'] }, { required: ['lurd'] }] }],
  properties: {
    ...problemFields,
    plan: { type: 'array', maxItems: 100_000, items: { type: 'string', maxLength: 10_000, pattern: '^[^\\r\\n]*$' } },
    lurd: { type: 'string', maxLength: 1_000_000 },
  },
} as const;

export const scanBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: text },
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
