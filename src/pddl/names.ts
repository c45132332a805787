/**
 * Names between Prolog and PDDL, both ways, reversibly.
 *
 * A PDDL name is a letter followed by letters, digits, `-` and `_`, and
 * case-insensitive (planlog writes and reads it in lower case). A Prolog
 * constant is an atom (plain `x1y2`, or quoted `'New York'`) or an integer.
 *
 * Prolog → PDDL (toPddlName), by the constant's Prolog text:
 * - a plain atom keeps its letters, digits and `_`; each capital becomes `-`
 *   and the small letter: `moveR` → `move-r`, `atRobby` → `at-robby`;
 * - a quoted atom that is already a PDDL name not of that form (a `-` not
 *   followed by a letter) is written as it is: `'loc-1'` → `loc-1`;
 * - anything else (integers, spaces, capitals in a quoted atom, PDDL's
 *   reserved words) becomes `q--` and the hexadecimal UTF-8 of its Prolog
 *   text: `3` → `q--33`.
 * PDDL → Prolog (fromPddlName) inverts each case, so every PDDL name reads
 * as exactly one Prolog constant and back: `pick-up` → `pickUp`,
 * `truck-1` → `'truck-1'`.
 */
import { parseTerm } from '../lang/parse.ts';
import { quoteAtom, termToString } from '../model/terms.ts';
import type { Arg } from '../model/lifted.ts';
import type { FactNames } from '../strips/validate.ts';

const plainAtom = /^[a-z][a-zA-Z0-9_]*$/;
/** A (lowercased) PDDL name. */
export const pddlNamePattern = /^[a-z][a-z0-9_-]*$/;
/** A `-` not followed by a small letter: the name is not the image of a plain atom. */
const looseDash = /-(?![a-z])/;
const hexForm = /^q--((?:[0-9a-f]{2})+)$/;

/** Words with a meaning in PDDL formulas, never used as names. */
const reserved = new Set(['and', 'or', 'not', 'imply', 'exists', 'forall', 'when', 'either', 'increase', 'decrease', 'assign', 'scale-up', 'scale-down', 'total-cost']);

/** The PDDL name of a Prolog constant or predicate/operator name, given as Prolog text (`quoteAtom` of an atom). */
export function toPddlName(prolog: string): string {
  if (plainAtom.test(prolog)) {
    const s = prolog.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (!reserved.has(s)) return s;
  } else if (prolog.startsWith("'")) {
    const name = atomName(prolog);
    if (name !== null && pddlNamePattern.test(name) && looseDash.test(name) && hexText(name) === null) return name;
  }
  return `q--${Buffer.from(prolog, 'utf8').toString('hex')}`;
}

/** The Prolog text (plain, quoted atom or integer) of a lowercased PDDL name; the inverse of toPddlName. */
export function fromPddlName(name: string): string {
  const text = hexText(name);
  if (text !== null) return text;
  if (!looseDash.test(name)) return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return quoteAtom(name);
}

/** A Prolog variable name for a PDDL variable (without its `?`): `from` → `From`, `obj-2` → `Obj_2`. */
export function prologVarName(pddl: string): string {
  const s = pddl.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/-/g, '_');
  return /^[a-z]/.test(s) ? s[0].toUpperCase() + s.slice(1) : `V_${s}`;
}

/** A PDDL variable (with its `?`) for a Prolog variable: `From` → `?from`, `_1` → `?v_1`. */
export function pddlVarName(prolog: string): string {
  const s = prolog.toLowerCase();
  return `?${/^[a-z]/.test(s) ? s : `v${s}`}`;
}

/** A name made unique within `used` by a numeric suffix (`x`, `x2`, `x3`, …); adds it to `used`. */
export function unique(name: string, used: Set<string>): string {
  let out = name;
  for (let k = 2; used.has(out); k++) out = `${name}${k}`;
  used.add(out);
  return out;
}

/** The Prolog text a `q--HEX` name stands for when it is toPddlName's own spelling of it; null otherwise. */
function hexText(name: string): string | null {
  const hex = hexForm.exec(name);
  if (!hex) return null;
  const text = Buffer.from(hex[1], 'hex').toString('utf8');
  return isConstantText(text) && toPddlName(text) === name ? text : null;
}

/** The name of a quoted atom's text, or null when the text is not one atom. */
function atomName(text: string): string | null {
  try {
    const t = parseTerm(text, '<name>');
    return t.kind === 'atom' ? t.name : null;
  } catch {
    return null;
  }
}

/** True when `text` is exactly the Prolog text of one atom or integer. */
function isConstantText(text: string): boolean {
  try {
    const t = parseTerm(text, '<name>');
    return (t.kind === 'atom' || t.kind === 'int') && termToString(t) === text;
  } catch {
    return false;
  }
}

/**
 * The validator's messages in PDDL, for a PDDL input: `(robot-at office)`,
 * "action put-down with 2 parameters", `(not (= a b))`; a complement the
 * import made for a negated predicate (`negated`: its Prolog name → the
 * PDDL predicate) as the negation it stands for, `(not (on a b))`.
 */
export function pddlNames(negated: ReadonlyMap<string, string> = new Map()): FactNames {
  const atom = (pred: string, args: readonly Arg[]): string =>
    `(${[pred, ...args.map((a) => (a.kind === 'const' ? toPddlName(a.value) : pddlVarName(a.name)))].join(' ')})`;
  return {
    fact: (name, args) => {
      const p = negated.get(name);
      return p === undefined ? atom(toPddlName(quoteAtom(name)), args) : `(not ${atom(p, args)})`;
    },
    operator: (name, arity) => `action ${toPddlName(quoteAtom(name))} with ${arity} parameter${arity === 1 ? '' : 's'}`,
    differ: (a, b) => `(not (= ${toPddlName(a)} ${toPddlName(b)}))`,
  };
}
