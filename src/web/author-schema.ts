/**
 * JSON schemas of the authoring routes' bodies (POST /api/lint and POST
 * /api/pddl), checked by Fastify before any worker sees a request.
 */
import { MAX_TEXT } from './schema.ts';

const text = { type: 'string', maxLength: MAX_TEXT } as const;

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
    level: text,
    number: { type: 'integer', minimum: 1, maximum: 100_000 },
    problem: text,
    domain: text,
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
    domain: text,
    problem: text,
    level: text,
    number: { type: 'integer', minimum: 1, maximum: 100_000 },
    /** The PDDL domain's name (default `domain`, with a level and no domain `sokoban`). */
    domainName: { type: 'string', maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
    plan: { type: 'array', maxItems: 100_000, items: { type: 'string', maxLength: 10_000, pattern: '^[^\\r\\n]*$' } },
    lurd: { type: 'string', maxLength: 1_000_000 },
  },
} as const;
