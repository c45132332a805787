/**
 * Rewriting a domain (and a problem) into an equivalent one for the
 * metamorphic tests: operators renamed (to any atom, quoted where needed),
 * clauses and preconditions reordered, variables and predicates renamed.
 * The result is printed as text, so it goes through the parser again.
 */
import fc from 'fast-check';
import { quoteAtom } from '../../src/model/terms.ts';
import type { Arg, Domain, Literal, Problem } from '../../src/model/lifted.ts';

export interface DomainRewrite {
  /** New operator names, one per operator. */
  names: string[];
  /** The operators' order in the new file. */
  order: number[];
  /** Per operator, a sort key for each precondition. */
  preKeys: number[][];
  /** Predicate name → new name (absent: unchanged). */
  preds: Map<string, string>;
}

/** Operator names: plain, capitalised or with spaces and symbols (quoted when printed). */
const opName = fc.string({ unit: fc.constantFrom(...'abcxyzXY_019 -+*é\''.split('')), minLength: 1, maxLength: 8 });

/** Rewrites of a domain with `ops` operators (each with at most 8 preconditions); predicates renamed when `renamePreds` lists them. */
export function domainRewrite(ops: number, renamePreds: readonly string[] = []): fc.Arbitrary<DomainRewrite> {
  return fc.record({
    names: fc.uniqueArray(opName, { minLength: ops, maxLength: ops }),
    order: fc.shuffledSubarray([...Array(ops).keys()], { minLength: ops, maxLength: ops }),
    preKeys: fc.array(fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), { minLength: ops, maxLength: ops }),
    preds: fc.uniqueArray(opName, { minLength: renamePreds.length, maxLength: renamePreds.length }).map((to) => new Map(renamePreds.map((p, i) => [p, `p ${to[i]}`]))),
  });
}

/** Variables renamed (`From` → `V0`, …, in a fixed order per operator), predicates as the rewrite says. */
function literalText(l: Literal, vars: Map<string, string>, preds: Map<string, string>): string {
  const arg = (a: Arg): string => (a.kind === 'const' ? a.value : (vars.get(a.name) ?? a.name));
  const pred = quoteAtom(preds.get(l.pred) ?? l.pred);
  return l.args.length === 0 ? pred : `${pred}(${l.args.map(arg).join(', ')})`;
}

/** The domain's text under the rewrite (opn/5 with the cost when it is not 1). */
export function rewriteDomain(domain: Domain, rw: DomainRewrite): string {
  return rw.order
    .map((i) => {
      const op = domain.operators[i];
      const vars = new Map<string, string>();
      for (const a of [...op.name.args, ...op.pre.flatMap((l) => l.args)]) if (a.kind === 'var' && !vars.has(a.name)) vars.set(a.name, `V${vars.size}`);
      const name = literalText({ ...op.name, pred: rw.names[i] }, vars, new Map());
      const pre = op.pre.map((l, k) => ({ l, key: rw.preKeys[i][k % 8] })).sort((a, b) => a.key - b.key);
      const list = (ls: Literal[]): string => `[${ls.map((l) => literalText(l, vars, rw.preds)).join(', ')}]`;
      const cost = op.cost === 1 ? '' : `, ${op.cost}`;
      return `opn(${name},\n    ${list(pre.map((p) => p.l))},\n    ${list(op.add)},\n    ${list(op.del)}${cost}).\n`;
    })
    .join('\n');
}

/** The problem's text with its predicates renamed as the rewrite says. */
export function rewriteProblem(problem: Problem, preds: Map<string, string>): string {
  const list = (ls: Literal[]): string => `[${ls.map((l) => literalText(l, new Map(), preds)).join(',\n  ')}]`;
  return `init(${list(problem.init)}).\ngoal(${list(problem.goal)}).\n`;
}
