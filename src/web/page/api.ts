/**
 * The playground's calls to the server's JSON API (shared/DESIGN.md). The
 * contract's objects are the planner's own types (src/pipeline/json.ts,
 * imported as types only: nothing of the planner enters the bundle).
 */
import type { CompareJson, ErrorJson, LintJson, SolveJson, ValidateJson, WarningJson } from '../../pipeline/json.ts';
import type { OptionInfo } from '../../util/option-decl.ts';

/** OptionInfo: an option as GET /api/options declares it (src/options optionCatalog; its group says whose it is); the page builds its control from this. */
export type { CompareJson, LintJson, OptionInfo, SolveJson, ValidateJson, WarningJson };

/** An error answer: the contract's located error object; the server's other errors (busy, too large, timed out) and the page's own carry only a message. */
export type ApiError = Pick<ErrorJson, 'message'> & Partial<ErrorJson>;

export interface LevelPreset {
  id: string;
  file: string;
  level: number;
  title: string | null;
  text: string;
}

export interface DomainInfo {
  id: string;
  file: string;
  sokoban: boolean;
  text: string;
  problems: { file: string; text: string }[];
}


export interface StrategyInfo {
  name: string;
  summary: string;
  heuristics: string[];
  defaultHeuristic: string | null;
  levelHeuristic: string | null;
  needsLevel: boolean;
  stochastic: boolean;
  prolog: boolean;
  /** The options only some strategies take, with this one's default and help. */
  options: OptionInfo[];
}

export interface Options {
  strategies: StrategyInfo[];
  heuristics: { name: string; summary: string; admissible: boolean; needsLevel: boolean }[];
  prune: string[];
  backends: string[];
  engines: string[];
  theories: string[];
  limits: { defaultTimeout: number; maxTimeout: number; maxNodes: number; defaultTraceLimit?: number; maxTraceLimit?: number };
  /** The options of every request. */
  options: OptionInfo[];
}

export interface ExplainedStep {
  index: number;
  op: string;
  schema?: { name: string; line?: number; text?: string };
  bindings?: Record<string, string>;
  preconditions?: { fact: string; static: boolean }[];
  add?: string[];
  del?: string[];
}

/** The explain --json object (the parts the page shows). */
export interface Explanation {
  valid: boolean;
  goal: string[];
  /** The initial state's fluent facts. */
  initial: string[];
  steps: ExplainedStep[];
}

/** The problem part of a request: a level, or a Prolog problem with its domain. */
export type ProblemBody = { level: string; number?: number; domain?: string } | { problem: string; domain: string };

/** A failed call: the HTTP status and the server's error object. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return jsonAnswer<T>(res);
}

/** A plain JSON answer: its body, or CallError for an error status (with the server's error, or one in words when the body is not JSON). */
export async function jsonAnswer<T>(res: Response): Promise<T> {
  const json = (await res.json().catch(() => ({ error: { message: `the server answered ${res.status} without JSON` } }))) as T & { error?: ApiError };
  if (!res.ok) throw new CallError(res.status, json.error ?? { message: `HTTP ${res.status}` });
  return json;
}

export const api = {
  levels: () => call<LevelPreset[]>('GET', '/api/levels'),
  domains: () => call<DomainInfo[]>('GET', '/api/domains'),
  options: () => call<Options>('GET', '/api/options'),
  scan: (text: string) => call<{ number: number; title: string | null; text: string | null; error: ErrorJson | null }[]>('POST', '/api/scan', { text }),
  solve: (body: ProblemBody & Record<string, unknown>, signal?: AbortSignal) => call<SolveJson>('POST', '/api/solve', body, signal),
  compare: (body: ProblemBody & Record<string, unknown>, signal?: AbortSignal) => call<CompareJson>('POST', '/api/compare', body, signal),
  validate: (body: ProblemBody & { plan?: string[]; lurd?: string }) => call<ValidateJson>('POST', '/api/validate', body),
  explain: (body: ProblemBody & { plan: string[] }, signal?: AbortSignal) => call<Explanation>('POST', '/api/explain', body, signal),
  /** The lint's warnings (POST /api/lint: `planlog lint --json`) of a domain alone, or of a problem or level with its domain. */
  lint: (body: ProblemBody | { domain: string }, signal?: AbortSignal) => call<LintJson>('POST', '/api/lint', body, signal),
  /** PDDL → opn texts (`planlog pddl import`). */
  toOpn: (body: { domain: string; problem?: string }) => call<{ domain: string; problem?: string }>('POST', '/api/pddl', { to: 'opn', ...body }),
  /** opn → PDDL texts (`planlog pddl export`), and with a plan (terms or LURD) the plan as `solve --plan-format pddl` prints it. */
  toPddl: (body: (ProblemBody | { domain: string }) & { domainName?: string; plan?: string[]; lurd?: string }) => call<{ domain: string; problem?: string; plan?: string }>('POST', '/api/pddl', { to: 'pddl', ...body }),
};
