/**
 * The exit codes of the command line (DESIGN.md, README "Contract"), and the
 * one function that turns an outcome into its code.
 */

/** What ended a command. */
export type Outcome = 'ok' | 'solved' | 'valid' | 'agree' | 'unsolvable' | 'usage' | 'limit' | 'disagree' | 'invalid' | 'internal';

const codes: Record<Outcome, number> = {
  ok: 0,
  solved: 0,
  valid: 0,
  agree: 0,
  unsolvable: 1,
  usage: 2,
  limit: 3,
  disagree: 4,
  invalid: 5,
  internal: 70,
};

/**
 * The exit code of an outcome: 0 success (solved, valid, agree) · 1 proven:
 * no plan exists · 2 bad input or usage · 3 a limit (time, nodes, memory,
 * Ctrl-C) ended the search · 4 compare: the backends disagree · 5 validate,
 * explain: the plan is invalid · 70 an internal error.
 */
export function exitCode(outcome: Outcome): number {
  return codes[outcome];
}

/** The codes as the global help lists them. */
export const exitCodeHelp: readonly [code: number, meaning: string][] = [
  [exitCode('solved'), 'solved/valid'],
  [exitCode('unsolvable'), 'no plan exists'],
  [exitCode('usage'), 'bad input or usage'],
  [exitCode('limit'), 'a limit stopped the search'],
  [exitCode('disagree'), 'compare: the backends disagree'],
  [exitCode('invalid'), 'the plan is invalid'],
  [exitCode('internal'), 'internal error (a bug: please report it)'],
];
