/**
 * How a warning writes literals and predicates: as the domain's author
 * wrote them. A Prolog domain's `at(From)` and `at/1`; a PDDL domain's
 * `(at ?from)` and `at/1` (through the PDDL names of src/pddl/names.ts, so
 * `lampOn` is `lamp-on` again and a compiled negation `notOn` is `not-on`).
 */
import { factKey, type Literal } from '../model/lifted.ts';
import { quoteAtom } from '../model/terms.ts';
import { pddlVarName, toPddlName } from '../pddl/names.ts';

export interface Naming {
  /** A literal or fact: `at(From)` / `(at ?from)`. */
  lit(l: Literal): string;
  /** A predicate with its arity: `at/1`. */
  ind(pred: string, arity: number): string;
}

const prologNames: Naming = {
  lit: factKey,
  ind: (pred, arity) => `${quoteAtom(pred)}/${arity}`,
};

const pddlNames: Naming = {
  lit: (l) => `(${[toPddlName(quoteAtom(l.pred)), ...l.args.map((a) => (a.kind === 'const' ? toPddlName(a.value) : pddlVarName(a.name)))].join(' ')})`,
  ind: (pred, arity) => `${toPddlName(quoteAtom(pred))}/${arity}`,
};

/** The naming of a problem read from PDDL (`pddl`) or from Prolog files and levels. */
export const namingOf = (pddl: boolean | undefined): Naming => (pddl ? pddlNames : prologNames);
