/**
 * The payload corpus of issue 13: texts a hostile client sends as a domain or
 * a problem. Each entry says what must happen:
 *
 * - `refused`: planlog's checker rejects it with a located error
 *   (file:line:col) before any engine runs;
 * - an answer (`solved`, `unsolvable`): it is well-formed planning data,
 *   and every backend (ts, tau-prolog, SWI-Prolog) answers it as data,
 *   executing nothing (the marker file of the JavaScript payloads is never
 *   written).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The file the JavaScript payloads would write if they ran. */
export const MARKER = join(tmpdir(), `planlog-issue13-marker-${process.pid}`);

/** JavaScript that writes the marker file (as the reproduction wrote files). */
export const JS = `process.getBuiltinModule('fs').writeFileSync('${MARKER}', 'pwned')`;
/** The same inside a quoted Prolog atom (JS's quotes escaped). */
const JS_ATOM = `'${JS.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export const DOMAIN = 'opn(a, [p], [q], []).\n';
export const PROBLEM = 'init([p]).\ngoal([q]).\n';

export interface Payload {
  name: string;
  domain?: string;
  problem?: string;
  /** refused: which file and where; otherwise the status every backend answers. */
  expect: { refused: { file: 'domain' | 'problem'; line: number; column: number } } | { status: 'solved' | 'unsolvable'; length?: number };
}

const refusedAt = (file: 'domain' | 'problem', line: number, column: number): Payload['expect'] => ({ refused: { file, line, column } });

export const PAYLOADS: Payload[] = [
  // ---- comment tricks: text after a line end in a % comment is read and checked
  { name: 'the reproduction: % comment, CR, a directive calling js_run_script (problem)', problem: `init([p]).\ngoal([q]).\n%\r :- js_run_script("${JS}").\n`, expect: refusedAt('problem', 4, 19) },
  { name: 'the reproduction in the domain', domain: `opn(a, [p], [q], []).\n%\r :- js_run_script("${JS}").\n`, expect: refusedAt('domain', 3, 19) },
  { name: '% comment, CR, a directive with a quoted atom (js_run_script)', problem: `init([p]).\ngoal([q]).\n% note\r:- js_run_script(${JS_ATOM}).\n`, expect: refusedAt('problem', 4, 1) },
  { name: '% comment, U+2028, halt', problem: `init([p]).\n% x\u2028:- halt.\ngoal([q]).\n`, expect: refusedAt('problem', 3, 1) },
  { name: '% comment, U+2029, a rule that redefines the theory', domain: `opn(a, [p], [q], []).\n% x\u2029successor(_, _, _) :- halt.\n`, expect: refusedAt('domain', 3, 1) },
  { name: '% comment, CR LF is an ordinary line end', problem: `init([p]).\n% x\r\n:- halt.\ngoal([q]).\n`, expect: refusedAt('problem', 3, 1) },
  { name: '% comment with a vertical tab (SWI-Prolog alone ends the comment there)', problem: `init([p]).\n% x\u000b:- halt.\ngoal([q]).\n`, expect: refusedAt('problem', 2, 4) },
  { name: '% comment with a form feed', domain: `% x\u000cshell(ls).\nopn(a, [p], [q], []).\n`, expect: refusedAt('domain', 1, 4) },
  { name: '% comment with U+0085', domain: `% x\u0085:- halt.\nopn(a, [p], [q], []).\n`, expect: refusedAt('domain', 1, 4) },
  { name: 'block comment with U+2028 (tau-prolog does not read it)', problem: `/* \u2028 :- halt. */\ninit([p]).\ngoal([q]).\n`, expect: refusedAt('problem', 1, 4) },
  { name: 'block comment glued to symbol characters (tau-prolog reads an atom)', problem: 'init([p]).\ngoal([q])/**/.\n', expect: refusedAt('problem', 2, 14) },
  { name: 'a CR inside a quoted atom', problem: "init([p, 'x\r:- halt.']).\ngoal([q]).\n", expect: refusedAt('problem', 1, 10) },
  { name: 'a U+2028 inside a quoted atom', problem: "init([p, 'x\u2028:- halt.']).\ngoal([q]).\n", expect: refusedAt('problem', 1, 10) },
  { name: 'a lone surrogate in a comment', domain: `% \ud800\nopn(a, [p], [q], []).\n`, expect: refusedAt('domain', 1, 3) },
  // ---- directives and clauses that are not planning data
  { name: 'directive js_run_script in the domain', domain: `:- js_run_script(${JS_ATOM}).\nopn(a, [p], [q], []).\n`, expect: refusedAt('domain', 1, 1) },
  { name: 'directive halt in the problem', problem: ':- halt.\ninit([p]).\ngoal([q]).\n', expect: refusedAt('problem', 1, 1) },
  { name: 'directive initialization(shell)', domain: "opn(a, [p], [q], []).\n:- initialization(shell('touch /tmp/x')).\n", expect: refusedAt('domain', 2, 1) },
  { name: 'directive consult', problem: "init([p]).\ngoal([q]).\n:- consult('/etc/passwd').\n", expect: refusedAt('problem', 3, 1) },
  { name: 'directive assertz of an operator', problem: 'init([p]).\ngoal([q]).\n:- assertz(opn(b, [], [q], [])).\n', expect: refusedAt('problem', 3, 1) },
  { name: 'a rule redefining a theory predicate (problem)', problem: 'init([p]).\ngoal([q]).\ntheory_setup :- halt.\n', expect: refusedAt('problem', 3, 1) },
  { name: 'an opn rule with a body', domain: `opn(a, [p], [q], []) :- js_run_script(${JS_ATOM}).\n`, expect: refusedAt('domain', 1, 1) },
  { name: 'a fact of another predicate (shell/1)', domain: "opn(a, [p], [q], []).\nshell('rm -rf /').\n", expect: refusedAt('domain', 2, 1) },
  { name: "'.'/2, a list cell in tau-prolog", problem: "init([p, '.'(a, b)]).\ngoal([q]).\n", expect: refusedAt('problem', 1, 10) },
  { name: 'an integer too large', domain: 'opn(a(L), [p, length(L, 99999999999999999999)], [q], []).\n', expect: refusedAt('domain', 1, 25) },
  { name: 'a precondition that is a goal with a compound argument (assertz(opn(…)))', domain: 'opn(a, [p, assertz(opn(x, [], [q], []))], [q], []).\n', expect: refusedAt('domain', 1, 20) },
  // ---- well-formed planning data: answered as data, nothing runs
  { name: 'preconditions naming built-ins (js_run_script, shell, halt, consult) are facts to match', domain: `opn(a, [p, js_run_script(${JS_ATOM}), shell('ls'), halt, consult('/etc/passwd')], [q], []).\n`, expect: { status: 'unsolvable' } },
  { name: 'an operator named like a built-in, its name is data', domain: `opn(js_run_script(${JS_ATOM}), [p], [q], []).\nopn(halt, [q], [r], []).\n`, problem: 'init([p]).\ngoal([r]).\n', expect: { status: 'solved', length: 2 } },
  { name: 'memory bomb as a precondition: length(L, 100000000) is a fact to match', domain: 'opn(a(L), [p, length(L, 100000000)], [q], []).\n', expect: { status: 'unsolvable' } },
  { name: 'memory bomb as a fact: matched, never called', domain: 'opn(a(L), [p, length(L, 100000000)], [q], []).\n', problem: 'init([p, length(x, 100000000)]).\ngoal([q]).\n', expect: { status: 'solved', length: 1 } },
  { name: 'a huge atom (100,000 characters)', problem: `init([p, big('${'a'.repeat(100_000)}')]).\ngoal([q]).\n`, expect: { status: 'solved', length: 1 } },
  { name: 'facts named like theory predicates', problem: "init([p, successor(a, b, c), theory_setup, 's$p', opn(x, y, z, w)]).\ngoal([q]).\n", expect: { status: 'solved', length: 1 } },
  { name: 'a quoted atom that would end the clause in a naive printer', problem: "init([p, 'x\\').\\n:- halt.\\n%']).\ngoal([q]).\n", expect: { status: 'solved', length: 1 } },
  { name: 'symbol atoms and a backslash as constants', domain: "opn(a(X, Y), [p, s(X, Y), X \\= Y], [q], []).\n", problem: "init([p, s(+, '\\\\'), s('-', '-')]).\ngoal([q]).\n", expect: { status: 'solved', length: 1 } },
  { name: 'a CR ends a % comment: the goal after it is read (and checked)', problem: 'init([p]).\n% the goal:\rgoal([q]).\n', expect: { status: 'solved', length: 1 } },
];
