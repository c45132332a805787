/**
 * Every option of a solve, declared once, and what is generated from the
 * declarations.
 *
 * The options every solve has (algo, heuristic, cycle, prune, the limits,
 * seed, backend, theory, engine) are declared in the table below; the
 * options of one strategy or heuristic (wastar's weight, gbfs's lazy, …) on
 * its registry record (`options`). From them come: the command line's flags
 * (`searchFlags`, `backendFlags`, `flagSpecs` with their help), the web API's
 * JSON schema (`requestSchema`), `/api/options`'s option lists
 * (`optionCatalog`), the bench's configurations (`configFrom`), and the one
 * checker, `solveOptionsFrom`, which takes the command line's strings or a
 * request's JSON values and returns plain SolveOptions (names, not objects),
 * with the same messages for both, each naming the option as its source
 * does (`--max-nodes` or `maxNodes`).
 *
 * Which strategy takes which option is what the records declare (and, for
 * seed, which strategies are `stochastic`); every default is written once:
 * on the declaration, or where the code that uses it lives and referenced
 * from the declaration.
 */
import { totalmem } from 'node:os';
import { backendNames } from '../core/report.ts';
import type { Heuristic } from '../heuristics/types.ts';
import type { SolveOptions, StrategyOptions } from '../pipeline/options.ts';
import { swiplAvailable, swiplMissing } from '../prolog/engine-swipl.ts';
import { defaultEngine, prologEngines, prologStrategies, type PrologEngine } from '../prolog/solve.ts';
import { defaultTheory, theories, type TheoryName } from '../prolog/theory.ts';
import { heuristics as installedHeuristics, problemHeuristics, prunerNames, strategies as installedStrategies } from '../plugins/index.ts';
import { DEFAULT_SEED } from '../search/random.ts';
import { DEFAULT_PREPROCESS, type PreprocessMode, preprocessModes } from '../strips/preprocess.ts';
import { defaultSearchOptions, type Strategy } from '../search/types.ts';
import { fieldName, type OptionDecl, type OptionGroup, type OptionInfo, type OptionValue } from '../util/option-decl.ts';

export { fieldName, type OptionDecl, type OptionGroup, type OptionInfo, type OptionValue } from '../util/option-decl.ts';
export type { SolveOptions, StrategyOptions } from '../pipeline/options.ts';

/** A mistake in the command line or in a request's options (exit 2, HTTP 400). */
export class UsageError extends Error {}

/** Default memory limit: three quarters of the machine's memory. */
export const defaultMaxMemoryMb = Math.floor((totalmem() / 2 ** 20) * 0.75);

/**
 * The strategy used when none is named: `auto` for a level file, `bfs` for a
 * Prolog or PDDL problem file (`lama` when a time limit is given: the best
 * plan it finds within the limit), `bfs` for trace, `iddfs` for compare
 * (and a web request on the Prolog backend).
 */
export const DEFAULT_ALGO = { level: 'auto', problem: 'bfs', timedProblem: 'lama', trace: 'bfs', prolog: 'iddfs' } as const;

/** The expansions a trace records when its request names no limit (`trace --limit`, /api/trace's `limit`). */
export const DEFAULT_TRACE_LIMIT = 50;

/** The registries the options are generated from: the installed ones, or a test's. */
export interface OptionRegistry {
  readonly strategies: Readonly<Record<string, Strategy>>;
  readonly heuristics: Readonly<Record<string, Heuristic>>;
  readonly pruners: readonly string[];
  /** The heuristics a strategy defaults to on some plug-in's problems instead of its own (and how those problems are named). */
  readonly problemHeuristics?: (strategy: string) => readonly { problem: string; heuristic: string }[];
}

export const installed: OptionRegistry = { strategies: installedStrategies, heuristics: installedHeuristics, pruners: prunerNames, problemHeuristics };

/** Whether a strategy's default heuristic depends on the problem (the pipeline picks it then). */
const defaultPerProblem = (reg: OptionRegistry, strategy: string): boolean => (reg.problemHeuristics?.(strategy).length ?? 0) > 0;

/** An option as generated: its declaration with who takes it. */
export interface DeclaredOption extends OptionDecl {
  /** Its field in a web request and in SolveOptions' strategy options (`maxNodes`). */
  readonly field: string;
  /** `search`: an option of solve, compare, trace (searchFlags); `backend`: of solve (backend, theory, engine) and compare (theory, engine); `lint`: of solve, compare, serve and lint (strict). */
  readonly group: OptionGroup;
  /** Not a field of a web request: the server sets it (max-memory). */
  readonly cliOnly?: boolean;
  /** Not a key of a bench configuration (the limits, set for the whole bench; algo and heuristic, its head). */
  readonly notInConfig?: boolean;
  /** The strategies that take it, in the registry's order; absent: every one. */
  readonly strategies?: readonly string[];
  /** The heuristics that take it, when a heuristic declares it. */
  readonly heuristics?: readonly string[];
  /** A strategy's (heuristic's) option: each declaration with the names declaring it alike, for the help ("wastar: f = g + W·h (default 2); push: …"). */
  readonly variants?: readonly { readonly names: readonly string[]; readonly decl: OptionDecl }[];
}

/** Options of every solve, beyond the strategies' own: their declarations. */
interface CommonDecl extends OptionDecl {
  readonly group: OptionGroup;
  readonly cliOnly?: boolean;
  readonly notInConfig?: boolean;
  /** It applies to the strategies for which this holds (absent: every one). */
  readonly appliesTo?: (s: Strategy) => boolean;
}

const listOf = (names: readonly string[], summary: (n: string) => string): string[] => names.map((n) => `    ${n.padEnd(9)} ${summary(n)}`);

/** "astar, idastar: lmcut; …": each informed strategy's default heuristic, grouped. */
function heuristicDefaults(reg: OptionRegistry): string {
  const groups = new Map<string, string[]>();
  const all = Object.keys(reg.heuristics).length;
  for (const [n, s] of Object.entries(reg.strategies)) {
    if (!s.defaultHeuristic) continue;
    const only = s.heuristics && s.heuristics.length < all ? ` (takes ${s.heuristics.join(', ')})` : '';
    const byProblem = reg.problemHeuristics?.(n) ?? [];
    const key = (byProblem.length > 0 ? `${byProblem.map((d) => `${d.heuristic} on ${d.problem}, `).join('')}${s.defaultHeuristic} otherwise` : s.defaultHeuristic) + only;
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  return [...groups].map(([what, names]) => `${names.join(', ')}: ${what}`).join('; ');
}

/** The options of every solve that come before the strategies' own (in flags, schema and help). */
function leadingOptions(reg: OptionRegistry): CommonDecl[] {
  const strategyNames = Object.keys(reg.strategies);
  const heuristicNames = Object.keys(reg.heuristics);
  const informed = strategyNames.filter((n) => reg.strategies[n].defaultHeuristic);
  return [
    {
      name: 'algo',
      type: 'enum',
      values: strategyNames,
      noun: 'strategy',
      group: 'search',
      notInConfig: true,
      arg: 'NAME',
      defaultHelp: `${DEFAULT_ALGO.level} for a level file, ${DEFAULT_ALGO.problem} for a Prolog or PDDL problem file (${DEFAULT_ALGO.timedProblem} with --timeout), ${DEFAULT_ALGO.prolog} for compare and --backend prolog`,
      help: 'search strategy',
    },
    {
      name: 'heuristic',
      type: 'enum',
      values: heuristicNames,
      noun: 'heuristic',
      group: 'search',
      notInConfig: true,
      arg: 'NAME',
      defaultHelp: `per strategy: ${heuristicDefaults(reg)}`,
      help: `heuristic of ${informed.join(', ')}`,
    },
    {
      name: 'cycle',
      type: 'enum',
      values: ['state', 'action'],
      default: defaultSearchOptions.cycle,
      group: 'search',
      arg: 'RULE',
      help: "iddfs's cycle rule: state (no state twice on a path) or action (the original's: no ground operator twice in a plan)",
    },
  ];
}

/** The options of every solve that come after the strategies' own. */
function trailingOptions(reg: OptionRegistry): CommonDecl[] {
  return [
    {
      name: 'prune',
      type: 'enum',
      values: ['none', ...reg.pruners],
      noun: 'pruning',
      default: 'none',
      group: 'search',
      arg: 'NAME',
      help: `drop generated states proven dead (every strategy): ${reg.pruners.join(', ')} or none`,
    },
    {
      name: 'preprocess',
      type: 'enum',
      values: preprocessModes,
      group: 'search',
      arg: 'MODE',
      defaultHelp: `${DEFAULT_PREPROCESS.problem} for a PDDL or Prolog problem, ${DEFAULT_PREPROCESS.level} for a level`,
      help: 'shrink the ground task before the search: none; relevance (drop the operators and atoms that cannot help reach the goal); h2 (also drop the operators whose precondition holds two atoms h^2 proves never true together, prove a goal of two such atoms unreachable, and find the mutex groups). On a level, atoms are kept (the plug-in reads them); the Prolog backend does not ground: it ignores this',
    },
    {
      name: 'seed',
      type: 'integer',
      min: 0,
      max: 0xffffffff,
      default: DEFAULT_SEED,
      group: 'search',
      arg: 'N',
      appliesTo: (s) => Boolean(s.stochastic),
      help: 'seed of the random choices; the same seed gives the same plan',
    },
    { name: 'timeout', type: 'number', min: 0, exclusiveMin: true, group: 'search', notInConfig: true, arg: 'SEC', help: 'stop after SEC seconds of reading, grounding and search (status limit, exit 3)' },
    { name: 'max-nodes', type: 'integer', min: 1, group: 'search', notInConfig: true, arg: 'N', help: 'stop the search after N expanded nodes (exit 3)' },
    {
      name: 'max-memory',
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: defaultMaxMemoryMb,
      defaultHelp: `3/4 of the machine's memory, here ${defaultMaxMemoryMb}`,
      group: 'search',
      cliOnly: true,
      notInConfig: true,
      arg: 'MB',
      help: 'stop the search when the process uses MB megabytes',
    },
    {
      name: 'backend',
      type: 'enum',
      values: backendNames,
      noun: 'backend',
      default: 'ts',
      group: 'backend',
      notInConfig: true,
      arg: 'NAME',
      help: `ts (planlog's search) or prolog (the planning theory on a Prolog engine; strategies ${prologStrategies.join(' and ')})`,
    },
    {
      name: 'theory',
      type: 'enum',
      values: theories,
      default: defaultTheory,
      group: 'backend',
      notInConfig: true,
      arg: 'NAME',
      help: "prolog backend and compare: the theory, fast or plain (the original's)",
    },
    {
      name: 'engine',
      type: 'enum',
      values: prologEngines,
      default: defaultEngine,
      group: 'backend',
      notInConfig: true,
      arg: 'NAME',
      help: `prolog backend and compare: ${defaultEngine} (tau-prolog, the default everywhere: compare, solve --backend prolog, bench --vs prolog, the demo and the playground; always installed) or swipl (SWI-Prolog in WebAssembly, the optional npm package swipl-wasm; much faster on large levels)`,
    },
    {
      name: 'strict',
      type: 'boolean',
      group: 'lint',
      notInConfig: true,
      help: 'lint warnings are errors: report them and stop before the search (exit 2; HTTP 400)',
    },
  ];
}

/** Two declarations of one option must agree on what a value is (their defaults and help may differ). */
function sameKind(a: OptionDecl, b: OptionDecl): boolean {
  return a.type === b.type && a.min === b.min && a.exclusiveMin === b.exclusiveMin && a.max === b.max && a.requestMax === b.requestMax && String(a.values) === String(b.values);
}

/** The options the records declare (strategies', then heuristics'), each with the records declaring it. */
function recordOptions(records: Readonly<Record<string, { options?: readonly OptionDecl[] }>>, kind: 'strategies' | 'heuristics'): DeclaredOption[] {
  const found = new Map<string, { names: string[]; variants: { names: string[]; decl: OptionDecl }[] }>();
  for (const [name, r] of Object.entries(records)) {
    for (const decl of r.options ?? []) {
      const f = found.get(decl.name) ?? { names: [], variants: [] };
      found.set(decl.name, f);
      f.names.push(name);
      const first = f.variants[0]?.decl;
      if (first && !sameKind(first, decl)) throw new Error(`option ${decl.name}: ${name} declares it unlike ${f.variants[0].names[0]}`);
      const alike = f.variants.find((v) => v.decl.help === decl.help && v.decl.default === decl.default);
      if (alike) alike.names.push(name);
      else f.variants.push({ names: [name], decl });
    }
  }
  return [...found.values()].map(({ names, variants }) => ({ ...variants[0].decl, field: fieldName(variants[0].decl.name), group: 'search', [kind]: names, variants }));
}

const generated = new WeakMap<OptionRegistry, DeclaredOption[]>();

/** Every option of a solve, in the order of the flags, the schema and the help. */
export function solveOptionList(reg: OptionRegistry = installed): readonly DeclaredOption[] {
  const known = generated.get(reg);
  if (known) return known;
  const common = (d: CommonDecl): DeclaredOption => {
    const { appliesTo, ...decl } = d;
    return { ...decl, field: fieldName(d.name), ...(appliesTo ? { strategies: Object.keys(reg.strategies).filter((n) => appliesTo(reg.strategies[n])) } : {}) };
  };
  const list = [...leadingOptions(reg).map(common), ...recordOptions(reg.strategies, 'strategies'), ...recordOptions(reg.heuristics, 'heuristics'), ...trailingOptions(reg).map(common)];
  const seen = new Set<string>();
  for (const o of list) {
    if (seen.has(o.name)) throw new Error(`option ${o.name} is declared twice (by a strategy and a heuristic, or by a record and the table of every solve)`);
    seen.add(o.name);
  }
  generated.set(reg, list);
  return list;
}

/** The option of that name (its declaration, who takes it). */
export function optionNamed(name: string, reg: OptionRegistry = installed): DeclaredOption {
  const o = solveOptionList(reg).find((x) => x.name === name);
  if (!o) throw new Error(`no option ${name}`);
  return o;
}

// ---------------------------------------------------------------------------
// the command line

/** A flag as node:util's parseArgs takes it. */
export interface ParseArgsFlag {
  type: 'string' | 'boolean';
}

/** A flag with its help (the shape of the CLI's command records' flags). */
export interface FlagSpec extends ParseArgsFlag {
  /** The value's placeholder: `--width K`. */
  value?: string;
  /** What it does (wrapped by the printer). */
  help: string;
  /** Lines printed under it as they are (the registered strategies, heuristics). */
  list?: readonly string[];
}

const flagOf = (o: DeclaredOption): ParseArgsFlag => ({ type: o.type === 'boolean' ? 'boolean' : 'string' });

function flagsOf(options: readonly DeclaredOption[]): Record<string, ParseArgsFlag> {
  return Object.fromEntries(options.map((o) => [o.name, flagOf(o)]));
}

/** The search flags of solve, compare and trace (algo … max-memory, every strategy's own), for parseArgs. */
export const searchFlags: Readonly<Record<string, ParseArgsFlag>> = flagsOf(solveOptionList().filter((o) => o.group === 'search'));

/** solve's --backend, --theory and --engine (compare takes --theory and --engine). */
export const backendFlags: Readonly<Record<string, ParseArgsFlag>> = flagsOf(solveOptionList().filter((o) => o.group === 'backend'));

/** The help of an option: for a strategy's, each declaration after the strategies declaring it; the default in parentheses. */
function helpOf(o: DeclaredOption): string {
  const withDefault = (d: OptionDecl): string => {
    const def = d.defaultHelp ?? (d.default !== undefined && d.type !== 'boolean' ? String(d.default) : undefined);
    return def === undefined ? d.help : `${d.help} (default: ${def})`;
  };
  const needs = (d: OptionDecl): string => (d.heuristicNeeds ? ` (needs a heuristic with ${d.heuristicNeeds.what})` : '');
  const who = (names: readonly string[]): string => (o.heuristics ? `heuristic${names.length > 1 ? 's' : ''} ${names.join(', ')}` : names.join(', '));
  if (o.variants) return o.variants.map((v) => `${who(v.names)}: ${withDefault(v.decl)}${needs(v.decl)}`).join('; ');
  if (o.strategies) return `${o.strategies.join(', ')}: ${withDefault(o)}`;
  return withDefault(o);
}

/** The flags with their help, for the command records (`names`: which; default every option of a solve). */
export function flagSpecs(names?: readonly string[], reg: OptionRegistry = installed): Record<string, FlagSpec> {
  const all = solveOptionList(reg);
  const chosen = names ? names.map((n) => optionNamed(n, reg)) : all;
  const lists: Record<string, string[]> = {
    algo: listOf(Object.keys(reg.strategies), (n) => reg.strategies[n].summary),
    heuristic: listOf(Object.keys(reg.heuristics), (n) => reg.heuristics[n].summary),
  };
  return Object.fromEntries(
    chosen.map((o) => [o.name, { ...flagOf(o), ...(o.arg ? { value: o.arg } : {}), help: helpOf(o) + (lists[o.name] ? ':' : ''), ...(lists[o.name] ? { list: lists[o.name] } : {}) }]),
  );
}

/** The search flags with their help (solve, compare and trace). */
export function searchFlagSpecs(reg: OptionRegistry = installed): Record<string, FlagSpec> {
  return flagSpecs(
    solveOptionList(reg)
      .filter((o) => o.group === 'search')
      .map((o) => o.name),
    reg,
  );
}

/** Words in lines of at most `width` characters, each after `indent` spaces. */
function wrap(text: string, indent: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/**
 * The help lines of flags (default: the search flags), as the CLI prints
 * them: `  --width K         beam: states kept per layer (default: 8)`,
 * wrapped at 80 columns, the text from column 20; a list (the strategies,
 * the heuristics) under its flag.
 */
export function flagHelpLines(specs: Readonly<Record<string, FlagSpec>> = searchFlagSpecs()): string[] {
  const COLUMN = 20;
  const out: string[] = [];
  for (const [name, f] of Object.entries(specs)) {
    const head = `  --${name}${f.value ? ` ${f.value}` : ''}`;
    const text = wrap(f.help, COLUMN, 80);
    if (head.length < COLUMN - 1) out.push(head.padEnd(COLUMN) + text[0]);
    else out.push(head, ' '.repeat(COLUMN) + text[0]);
    for (const l of text.slice(1)) out.push(' '.repeat(COLUMN) + l);
    out.push(...(f.list ?? []));
  }
  return out;
}

// ---------------------------------------------------------------------------
// the checker

/** Where values come from: the command line (strings; `--max-nodes`), a web request (JSON values; `maxNodes`), a bench configuration (strings; `weight=2`). */
export type OptionSource = 'cli' | 'web' | 'config';

export interface OptionContext {
  from: OptionSource;
  /**
   * `solve`: --backend chooses (the Prolog backend's checks when prolog);
   * `compare`: both backends (the Prolog backend's checks always);
   * `search`: planlog's search only (trace, bench): no backend options.
   */
  mode?: 'solve' | 'compare' | 'search';
  /** The problem: a level or a Prolog problem file (its default strategy). */
  problem?: 'level' | 'prolog';
  /** The strategy when none is named, instead of the context's (see DEFAULT_ALGO). */
  defaultAlgo?: string;
}

/** How a source names an option: `--max-nodes`, `maxNodes`, `max-nodes`. */
function nameIn(from: OptionSource, name: string): string {
  return from === 'cli' ? `--${name}` : from === 'web' ? fieldName(name) : name;
}

/** An option set to a value, as its source writes it: `--backend prolog`, `backend: "prolog"`, `backend=prolog`. */
function settingIn(from: OptionSource, name: string, value: string): string {
  return from === 'cli' ? `--${name} ${value}` : from === 'web' ? `${fieldName(name)}: "${value}"` : `${name}=${value}`;
}

/** "a positive whole number", "a whole number from 0 to 4294967295", … */
function numberRule(o: Pick<OptionDecl, 'type' | 'min' | 'exclusiveMin' | 'max'>): string {
  const what = o.type === 'integer' ? 'whole number' : 'number';
  const positive = o.min === 0 && o.exclusiveMin === true || (o.type === 'integer' && o.min === 1 && !o.exclusiveMin);
  if (o.max !== undefined) return positive ? `a positive ${what} up to ${o.max}` : `a ${what} from ${o.min ?? '-infinity'} to ${o.max}`;
  if (positive) return `a positive ${what}`;
  if (o.min === undefined) return `a ${what}`;
  return `a ${what} ${o.exclusiveMin ? 'above' : 'of at least'} ${o.min}`;
}

/** A number value checked against its declaration (UsageError naming the option as `flag`). */
function checkedNumber(o: Pick<OptionDecl, 'type' | 'min' | 'exclusiveMin' | 'max'>, flag: string, raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  const ok =
    Number.isFinite(n) &&
    (o.type !== 'integer' || Number.isInteger(n)) &&
    (o.min === undefined || (o.exclusiveMin ? n > o.min : n >= o.min)) &&
    (o.max === undefined || n <= o.max);
  if (!ok) throw new UsageError(`${flag} needs ${numberRule(o)}, got '${String(raw)}'`);
  return n;
}

/** A command-line number flag that is not a solve's option (--threads, --limit, …): positive, whole or not; undefined when absent. */
export function positiveNumber(flag: string, v: string | undefined, integer: boolean): number | undefined {
  if (v === undefined) return undefined;
  return checkedNumber(integer ? { type: 'integer', min: 1 } : { type: 'number', min: 0, exclusiveMin: true }, `--${flag}`, v);
}

/** A value checked against its option's declaration. */
function checkedValue(o: DeclaredOption, from: OptionSource, raw: unknown): OptionValue {
  const flag = nameIn(from, o.name);
  if (o.type === 'boolean') {
    if (typeof raw !== 'boolean') throw new UsageError(`${flag} is true or false, got '${String(raw)}'`);
    return raw;
  }
  if (o.type === 'enum') {
    const values = o.values ?? [];
    if (typeof raw !== 'string' || !values.includes(raw)) {
      throw new UsageError(o.noun ? `unknown ${o.noun} '${String(raw)}' (choose one of: ${values.join(', ')})` : `${flag} must be ${values.join(' or ')}, got '${String(raw)}'`);
    }
    return raw;
  }
  return checkedNumber(o, flag, raw);
}

/**
 * Checks a solve's options and returns them as plain SolveOptions. `values`:
 * the command line's (parseArgs' values, keyed by flag name: strings and
 * booleans), a web request's (keyed by field name: JSON values, as they
 * are), or a bench configuration's. Throws UsageError with the message the
 * user sees, naming each option as its source does.
 *
 * The heuristic stays a name, and absent when not given (the pipeline picks
 * the strategy's default for the problem); limits not given are unlimited
 * (Infinity), the memory limit defaultMaxMemoryMb.
 */
export function solveOptionsFrom(values: Readonly<Record<string, unknown>>, context: OptionContext, reg: OptionRegistry = installed): SolveOptions {
  const { from } = context;
  const mode = context.mode ?? 'search';
  const all = solveOptionList(reg);
  const key = (o: DeclaredOption): string => (from === 'web' ? o.field : o.name);
  const raw = (o: DeclaredOption): unknown => (from === 'web' && o.cliOnly ? undefined : values[key(o)]);
  // a switch counts as given when on (the web may send false)
  const given = (o: DeclaredOption): boolean => (o.type === 'boolean' ? raw(o) !== undefined && raw(o) !== false : raw(o) !== undefined);
  const flag = (name: string): string => nameIn(from, name);
  const option = (name: string): DeclaredOption => optionNamed(name, reg);

  // the strategy and its heuristic
  const backendRaw = raw(option('backend'));
  const algoDefault =
    context.defaultAlgo ??
    (mode === 'compare' || backendRaw === 'prolog'
      ? DEFAULT_ALGO.prolog
      : context.problem === 'prolog'
        ? given(option('timeout'))
          ? DEFAULT_ALGO.timedProblem
          : DEFAULT_ALGO.problem
        : DEFAULT_ALGO.level);
  const algo = given(option('algo')) ? (checkedValue(option('algo'), from, raw(option('algo'))) as string) : algoDefault;
  const strategy = reg.strategies[algo];
  if (!strategy) throw new UsageError(`unknown strategy '${algo}' (choose one of: ${Object.keys(reg.strategies).join(', ')})`);
  let heuristic: string | undefined;
  if (given(option('heuristic'))) {
    if (!strategy.defaultHeuristic) throw new UsageError(`strategy ${algo} uses no heuristic; drop ${flag('heuristic')}`);
    heuristic = checkedValue(option('heuristic'), from, raw(option('heuristic'))) as string;
    if (strategy.heuristics && !strategy.heuristics.includes(heuristic)) {
      throw new UsageError(`strategy ${algo} takes the heuristics ${strategy.heuristics.join(', ')}, not '${heuristic}'`);
    }
  }
  // the heuristic the strategy runs with, when known here (a strategy with a default per problem picks it later)
  const effective = heuristic ?? (defaultPerProblem(reg, algo) ? undefined : strategy.defaultHeuristic);

  // who takes which option
  for (const o of all) {
    if (!given(o)) continue;
    if (o.strategies && !o.strategies.includes(algo)) throw new UsageError(`${flag(o.name)} applies to ${o.strategies.join(', ')}, not to ${algo}`);
    if (o.heuristics && !(effective !== undefined && o.heuristics.includes(effective))) {
      throw new UsageError(`${flag(o.name)} applies to the heuristics ${o.heuristics.join(', ')}, not to ${effective ?? `strategy ${algo}`}`);
    }
    const needs = o.heuristicNeeds;
    const record = effective === undefined ? undefined : reg.heuristics[effective];
    if (needs && record && !(record as unknown as Record<string, unknown>)[needs.property]) {
      const having = Object.keys(reg.heuristics).filter((n) => (reg.heuristics[n] as unknown as Record<string, unknown>)[needs.property]);
      throw new UsageError(`${flag(o.name)} needs a heuristic with ${needs.what} (${having.join(', ')}), not ${effective}`);
    }
  }

  // the values
  const value = (name: string): OptionValue | undefined => {
    const o = option(name);
    return given(o) ? checkedValue(o, from, raw(o)) : undefined;
  };
  const prune = value('prune') as string | undefined;
  const cycle = (value('cycle') ?? option('cycle').default) as SolveOptions['cycle'];
  const timeout = value('timeout') as number | undefined;
  const maxNodes = value('max-nodes') as number | undefined;
  const maxMemory = value('max-memory') as number | undefined;
  const preprocess = value('preprocess') as PreprocessMode | undefined;
  const out: SolveOptions = {
    algo,
    heuristic,
    cycle,
    prune: prune === 'none' ? undefined : prune,
    timeoutMs: timeout === undefined ? Infinity : timeout * 1000,
    maxNodes: maxNodes ?? Infinity,
    maxMemoryMb: maxMemory ?? defaultMaxMemoryMb,
  };
  // the strategies' (and heuristics') own options and seed: under their field
  const fields = out as unknown as Record<string, OptionValue | undefined>;
  for (const o of all) if ((o.strategies || o.heuristics) && given(o)) fields[o.field] = checkedValue(o, from, raw(o));
  if (value('strict') === true) out.strict = true;
  if (preprocess !== undefined) out.preprocess = preprocess;
  if (mode === 'search') return out;

  // the backend
  const backend = mode === 'compare' ? undefined : ((value('backend') ?? option('backend').default) as SolveOptions['backend']);
  if (mode === 'compare' || backend === 'prolog') {
    if (!(prologStrategies as readonly string[]).includes(algo)) throw new UsageError(`the prolog backend runs ${prologStrategies.join(' and ')}, not ${algo}`);
    // a strategy's own option (iddfs --tt) has no counterpart in the theory
    const own = all.find((o) => o.variants && given(o));
    if (own) throw new UsageError(`${flag(own.name)} is not part of the Prolog planning theory (use the ts backend)`);
    out.theory = (value('theory') ?? option('theory').default) as TheoryName;
    out.engine = (value('engine') ?? option('engine').default) as PrologEngine;
    if (out.engine === 'swipl' && !swiplAvailable()) throw new UsageError(swiplMissing);
  } else {
    for (const name of ['theory', 'engine']) {
      if (given(option(name))) throw new UsageError(`${flag(name)} applies to the prolog backend (${settingIn(from, 'backend', 'prolog')}) and to compare`);
    }
  }
  if (backend !== undefined) out.backend = backend;
  return out;
}

/** The strategies that take --seed (their random choices follow it): the registry's stochastic ones. */
export const STOCHASTIC: readonly string[] = optionNamed('seed').strategies ?? [];

// ---------------------------------------------------------------------------
// the web API

/** A JSON schema of one value. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The JSON schema of an option's value in a request: its type, its choices or its range (with the server's cap). */
function schemaOf(o: DeclaredOption): JsonSchema {
  if (o.type === 'boolean') return { type: 'boolean' };
  if (o.type === 'enum') return { type: 'string', enum: [...(o.values ?? [])] };
  const max = o.max === undefined ? o.requestMax : o.requestMax === undefined ? o.max : Math.min(o.max, o.requestMax);
  return {
    type: o.type,
    ...(o.min === undefined ? {} : o.exclusiveMin ? { exclusiveMinimum: o.min } : { minimum: o.min }),
    ...(max === undefined ? {} : { maximum: max }),
  };
}

/** The option fields of a solve or compare request (every option but the server's own, max-memory) with their schemas. */
export function requestSchemaProperties(reg: OptionRegistry = installed): Record<string, JsonSchema> {
  return Object.fromEntries(
    solveOptionList(reg)
      .filter((o) => !o.cliOnly)
      .map((o) => [o.field, schemaOf(o)]),
  );
}

/** An option as /api/options describes it (for a form): a strategy's own with that strategy's default and help. */

function infoOf(o: DeclaredOption, decl: OptionDecl = o, help = helpOf(o)): OptionInfo {
  const max = o.max === undefined ? o.requestMax : o.max;
  return {
    name: o.name,
    field: o.field,
    type: o.type,
    ...(o.values ? { values: [...o.values] } : {}),
    ...(decl.default !== undefined ? { default: decl.default } : {}),
    ...(o.min !== undefined ? { min: o.min } : {}),
    ...(o.exclusiveMin ? { exclusiveMin: true } : {}),
    ...(max !== undefined ? { max } : {}),
    help,
    group: o.group,
  };
}

/**
 * The options of /api/options: those of every request (`common`) and, per
 * strategy, the ones only some strategies take (`of(name)`), each with the
 * default and help that strategy declares.
 */
export function optionCatalog(reg: OptionRegistry = installed): { common: OptionInfo[]; of(strategy: string): OptionInfo[] } {
  const all = solveOptionList(reg).filter((o) => !o.cliOnly);
  return {
    common: all.filter((o) => !o.strategies && !o.heuristics).map((o) => infoOf(o)),
    of: (strategy) =>
      all
        .filter((o) => o.strategies?.includes(strategy))
        .map((o) => {
          const v = o.variants?.find((x) => x.names.includes(strategy));
          return v ? infoOf(o, v.decl, v.decl.help) : infoOf(o, o, o.help);
        }),
  };
}

// ---------------------------------------------------------------------------
// a trace's own options

/**
 * The options of a trace beyond a solve's (`planlog trace` and /api/trace):
 * declared once here; the trace command's flags and help (traceFlagSpecs),
 * /api/trace's schema (traceSchemaProperties) and the checker
 * (traceOptionsFrom) come from them.
 */
export const traceOptionDecls: readonly OptionDecl[] = [
  { name: 'limit', type: 'integer', min: 1, requestMax: 1_000_000_000, default: DEFAULT_TRACE_LIMIT, arg: 'N', help: 'expansions shown' },
  {
    name: 'states',
    type: 'boolean',
    help: "each node's state (its fluent atoms, sorted; no static facts) and, for the graph searches (bfs, ucs, astar, wastar, gbfs, push searches), the frontier: nodes put on the open list by a shown expansion and not expanded within --limit (JSON: frontier: true). A push search's state is its boxes and the player's normalised square",
  },
];

/** The trace command's flags of its own options, with their help. */
export function traceFlagSpecs(): Record<string, FlagSpec> {
  return Object.fromEntries(
    traceOptionDecls.map((d) => [d.name, { type: d.type === 'boolean' ? 'boolean' : 'string', ...(d.arg ? { value: d.arg } : {}), help: d.default !== undefined && d.type !== 'boolean' ? `${d.help} (default ${d.default})` : d.help } as FlagSpec]),
  );
}

/** /api/trace's fields of the trace's own options, with their schemas (the server caps `limit` further). */
export function traceSchemaProperties(): Record<string, JsonSchema> {
  return Object.fromEntries(traceOptionDecls.map((d) => [fieldName(d.name), schemaOf({ ...d, field: fieldName(d.name), group: 'search' })]));
}

/** A trace's own options checked (the command line's strings, or a request's JSON values), with their defaults. */
export function traceOptionsFrom(values: Readonly<Record<string, unknown>>, from: 'cli' | 'web'): { limit: number; states: boolean } {
  const [limitDecl, statesDecl] = traceOptionDecls;
  const limit = values.limit === undefined ? DEFAULT_TRACE_LIMIT : checkedNumber(limitDecl, nameIn(from, 'limit'), values.limit);
  const states = values.states === undefined ? false : (checkedValue({ ...statesDecl, field: 'states', group: 'search' }, from, values.states) as boolean);
  return { limit, states };
}

// ---------------------------------------------------------------------------
// bench configurations

/** A bench configuration checked: its strategy, heuristic, options (by field) and seed. */
export interface ConfigOptions {
  algo: string;
  heuristic?: string;
  /** The strategy's own options, the cycle rule and the pruning that were given (`weight`, `lazy`, `cycle`, `prune`, …). */
  options: StrategyOptions;
  seed?: number;
}

/**
 * A bench configuration, `NAME[+HEURISTIC] [switch …] [option=value …]`, e.g.
 * "gbfs+hff lazy preferred" or "wastar+hff weight=3 prune=deadlocks",
 * checked like the command line's flags (the same messages, naming `weight`).
 * The limits are the bench's, not a configuration's.
 */
export function configFrom(text: string, reg: OptionRegistry = installed): ConfigOptions {
  const [head = '', ...words] = text.trim().split(/\s+/);
  const [algo, heuristic, ...extra] = head.split('+');
  if (extra.length) throw new UsageError(`write NAME or NAME+HEURISTIC, got '${head}'`);
  const allowed = solveOptionList(reg).filter((o) => o.group === 'search' && !o.notInConfig);
  const values: Record<string, string | boolean> = { algo };
  if (heuristic !== undefined) values.heuristic = heuristic;
  for (const w of words) {
    const eq = w.indexOf('=');
    const name = eq < 0 ? w : w.slice(0, eq);
    const o = allowed.find((x) => x.name === name);
    if (!o) throw new UsageError(`unknown option '${name}' in the configuration "${text.trim()}" (options: ${allowed.map((x) => x.name).join(', ')})`);
    if (o.type === 'boolean') {
      if (eq >= 0) throw new UsageError(`${name} takes no value, in the configuration "${text.trim()}"`);
      values[name] = true;
    } else {
      if (eq < 0) throw new UsageError(`${name} needs a value (${name}=…), in the configuration "${text.trim()}"`);
      values[name] = w.slice(eq + 1);
    }
  }
  const checked = solveOptionsFrom(values, { from: 'config', defaultAlgo: algo }, reg) as unknown as Record<string, OptionValue | undefined>;
  const options: Record<string, OptionValue> = {};
  for (const o of allowed) {
    const v = checked[o.field];
    if (o.name !== 'seed' && values[o.name] !== undefined && v !== undefined) options[o.field] = v;
  }
  return { algo, ...(heuristic !== undefined ? { heuristic } : {}), options: options as ConfigOptions['options'], ...(checked.seed !== undefined ? { seed: checked.seed as number } : {}) };
}

// ---------------------------------------------------------------------------
// the command line's search flags alone (trace, bench, the benchmarks and tests)

/** The command line's values of the search flags (parseArgs' values: strings, and booleans for switches). */
export interface SearchFlagValues {
  readonly [flag: string]: string | boolean | undefined;
  readonly algo?: string;
  readonly heuristic?: string;
  readonly cycle?: string;
  readonly prune?: string;
  readonly lazy?: boolean;
  readonly preferred?: boolean;
  readonly tt?: boolean;
}
