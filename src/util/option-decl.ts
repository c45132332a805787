/**
 * The declaration of one option: of a strategy or a heuristic (on its
 * registry record), or of every solve (src/options/). The command line's
 * flags, the web API's JSON schema and fields, `/api/options`, the bench's
 * configurations and the help lines are all generated from declarations
 * (src/options/), so an option is written down once.
 */

/** What an option's value can be. */
export type OptionValue = number | boolean | string;

export interface OptionDecl {
  /** The flag's name on the command line (`--max-nodes`); the web request's field is its camelCase (`maxNodes`), see fieldName. */
  readonly name: string;
  /** `integer`: a whole number; `boolean`: a switch (no value on the command line); `enum`: one of `values`. */
  readonly type: 'number' | 'integer' | 'boolean' | 'enum';
  /** The choices of an enum. */
  readonly values?: readonly string[];
  /** What an enum's value is, for "unknown strategy 'x' (choose one of: …)"; without it: "--cycle must be state or action". */
  readonly noun?: string;
  /** Smallest value of a number; with `exclusiveMin` the value must be above it (0 exclusive: positive). */
  readonly min?: number;
  readonly exclusiveMin?: boolean;
  /** Largest value of a number. */
  readonly max?: number;
  /** Largest value a web request may ask for (a cap of the server's; the command line takes any). */
  readonly requestMax?: number;
  /** The value when the option is not given. Absent: none (a switch is off, a limit unlimited, or the code decides, e.g. per problem). */
  readonly default?: OptionValue;
  /** The default as the help says it, when not a value or more than one ("3/4 of the machine's memory"). */
  readonly defaultHelp?: string;
  /** The value's name in help: `--width K`. */
  readonly arg?: string;
  /** The chosen heuristic must have this (boolean) property, e.g. gbfs --preferred: `preferredOperators`; `what` names it in the error. */
  readonly heuristicNeeds?: { readonly property: string; readonly what: string };
  /** What it does, in a few words (the help line; a strategy's option is prefixed with the strategies that take it). */
  readonly help: string;
}

/** Whose option it is: `search`, of solve, compare and trace; `backend`, of the Prolog backend (backend, theory, engine); `lint`, of the lint (strict). */
export type OptionGroup = 'search' | 'backend' | 'lint';

/** An option as GET /api/options lists it (src/options optionCatalog); the playground builds its control from this. */
export interface OptionInfo {
  name: string;
  field: string;
  type: OptionDecl['type'];
  values?: readonly string[];
  default?: OptionValue;
  min?: number;
  exclusiveMin?: boolean;
  max?: number;
  help: string;
  group: OptionGroup;
}

/** The field of a web request (and of the options object) for a flag: `max-nodes` → `maxNodes`. */
export function fieldName(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
