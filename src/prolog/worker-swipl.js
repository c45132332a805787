// The SWI-Prolog (swipl-wasm) worker thread (plain ESM JavaScript, so that
// it needs no TypeScript loader). Started by src/prolog/engine-swipl.ts, the
// only module that talks to it; nothing else in planlog loads swipl-wasm.
//
// workerData: { sources: [{ file, text }], query, answerVar, maxSteps }
// Same messages as worker.js (the tau-prolog worker):
//   { type: 'answer', term }        for each answer (term: a JSON term)
//   { type: 'done', steps }         no more answers (steps: SWI inferences)
//   { type: 'limit', steps }        maxSteps inferences used up for one answer
//   { type: 'output', alias, text } what the program printed
//   { type: 'error', phase, file, error, term, syntax? }
//                                   a Prolog error (consult or run); ends the run
//
// Sources are written to SWI's in-memory (Emscripten MEMFS) file system as
// /planlog/<n>.pl and loaded with load_files/2; errors printed while loading
// (syntax errors and failed directives, which SWI reports and skips) are
// caught by a message hook with their position and end the run, like tau's.
// Terms are turned into JSON by Prolog itself (swipl-wasm's own conversion
// does not tell atoms from strings).
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const SWIPL = require('swipl-wasm');

const HELPER = String.raw`
:- dynamic(planlog_loading/0).
:- dynamic(planlog_load_error/5).
:- multifile(user:message_hook/3).
:- dynamic(user:message_hook/3).

user:message_hook(Term, Kind, _) :-
    planlog_loading,
    (   Kind == error
    ->  planlog_error_position(Term, File, Line, Col),
        (   planlog_message_text(Term, Text0) -> Text = Text0 ; term_string(Term, Text) ),
        assertz(planlog_load_error(Term, Text, File, Line, Col))
    ;   Kind == warning
    ).

planlog_error_position(error(syntax_error(_), file(F, L, LP, _)), F, L, LP) :- !.
planlog_error_position(_, F, L, 0) :- source_location(F, L), !.
planlog_error_position(_, '', 0, 0).

planlog_message_text(Term, Text) :-
    catch(( '$messages':translate_message(Term, Lines, []),
            with_output_to(string(Text), print_message_lines(current_output, '', Lines)) ), _, fail).

% planlog_load(+Path, -Json): Json is "" or an error message object.
planlog_load(Path0, Json) :-
    atom_string(Path, Path0),
    retractall(planlog_load_error(_, _, _, _, _)),
    assertz(planlog_loading),
    catch(load_files(user:Path, []), E, assertz(planlog_load_error(E, '', '', 0, 0))),
    retractall(planlog_loading),
    (   planlog_load_error(T, Text, F, L, C)
    ->  planlog_error_json(consult, T, Text, F, L, C, Json)
    ;   Json = ""
    ).

planlog_error_json(Phase, T, Text0, F, L, C, Json) :-
    (   Text0 == '' -> term_string(T, Text) ; Text = Text0 ),
    with_output_to(string(Json), (
        format('{"type":"error","phase":"~w","path":', [Phase]), planlog_json_string(F),
        format(',"line":~w,"column":~w,"error":', [L, C]), planlog_json_string(Text),
        write(',"term":'), planlog_json(T),
        (   T = error(syntax_error(What), _)
        ->  write(',"syntax":{"message":'), term_string(What, W), planlog_json_string(W), write('}')
        ;   true
        ),
        write('}'))).

% planlog_answers(+QueryText, +VarName, +MaxSteps, -Json): one Json message per answer.
planlog_answers(Text, VarName0, Max0, Json) :-
    atom_string(VarName, VarName0),
    ( number(Max0) -> Max = Max0 ; Max = none ),
    statistics(inferences, I0),
    nb_setval(planlog_i0, I0),
    catch(( term_string(Goal, Text, [variable_names(Bs)]),
            ( memberchk(VarName=V, Bs) -> true ; true ),
            planlog_call(Goal, Max, R) ),
          E, R = exception(E)),
    statistics(inferences, I1),
    Steps is I1 - I0,
    (   R = exception(Ex)
    ->  planlog_error_json(run, Ex, '', '', 0, 0, Json)
    ;   R == inference_limit_exceeded
    ->  format(string(Json), '{"type":"limit","steps":~w}', [Steps])
    ;   with_output_to(string(Json), (write('{"type":"answer","term":'), planlog_json(V), write('}')))
    ).

planlog_call(Goal, none, true) :- !, call(user:Goal).
planlog_call(Goal, Max, R) :- call_with_inference_limit(user:Goal, Max, R).

planlog_steps(Steps) :-
    statistics(inferences, I1), nb_getval(planlog_i0, I0), Steps is I1 - I0.

planlog_json(T) :- var(T), !, write('{"kind":"var","name":"_"}').
planlog_json(T) :- integer(T), !, format('{"kind":"int","value":~w}', [T]).
planlog_json(T) :- float(T), !, ( T =:= T, abs(T) =< 1.0e308 -> format('{"kind":"float","value":~w}', [T]) ; write('{"kind":"atom","name":'), term_string(T, S), planlog_json_string(S), write('}') ).
planlog_json([]) :- !, write('{"kind":"list","items":[],"tail":null}').
planlog_json(T) :- atom(T), !, write('{"kind":"atom","name":'), planlog_json_string(T), write('}').
planlog_json(T) :- string(T), !, write('{"kind":"atom","name":'), planlog_json_string(T), write('}').
planlog_json([H|T]) :- !,
    write('{"kind":"list","items":['), planlog_json(H), planlog_json_items(T, Tail), write('],"tail":'),
    (   Tail == [] -> write(null) ; planlog_json(Tail) ), write('}').
planlog_json(T) :- compound(T), !,
    compound_name_arguments(T, N, As),
    write('{"kind":"compound","functor":'), planlog_json_string(N), write(',"args":['), planlog_json_args(As), write(']}').
planlog_json(T) :- write('{"kind":"atom","name":'), term_string(T, S), planlog_json_string(S), write('}').

planlog_json_items(T, T) :- var(T), !.
planlog_json_items([H|T], Tail) :- !, write(','), planlog_json(H), planlog_json_items(T, Tail).
planlog_json_items(T, T).

planlog_json_args([]).
planlog_json_args([A|As]) :- planlog_json(A), ( As == [] -> true ; write(',') ), planlog_json_args(As).

planlog_json_string(X) :-
    atom_codes(X, Cs), put_char('"'), maplist(planlog_json_code, Cs), put_char('"').
planlog_json_code(0'") :- !, write('\\"').
planlog_json_code(0'\\) :- !, write('\\\\').
planlog_json_code(C) :- C < 32, !, D1 is C >> 4, D2 is C /\ 15, format('\\u00~16r~16r', [D1, D2]).
planlog_json_code(C) :- put_char(C).
`;

const { sources, query, answerVar, maxSteps } = workerData;
const post = (m) => parentPort.postMessage(m);
const output = (alias) => (text) => post({ type: 'output', alias, text: `${text}\n` });

const swipl = await SWIPL({ arguments: ['-q'], print: output('user_output'), printErr: output('user_error') });
const { FS, prolog } = swipl;

/** The one answer of a deterministic query, or undefined when it failed. */
function once(goal, input) {
  const r = prolog.query(goal, input).once();
  if (r && r.error) throw new Error(`swipl-wasm: ${r.message ?? JSON.stringify(r)}`);
  return r && r.$tag === 'bindings' ? r : undefined;
}

function run() {
  FS.mkdir('/planlog');
  FS.writeFile('/planlog/helper.pl', HELPER);
  const boot = once("load_files(user:'/planlog/helper.pl', [silent(true)])");
  if (!boot) throw new Error('swipl-wasm: could not load the planlog helper');
  const paths = consulted;
  for (let i = 0; i < sources.length; i++) {
    const path = `/planlog/${i}.pl`;
    paths.set(path, sources[i].file);
    FS.writeFile(path, sources[i].text);
    const r = once('user:planlog_load(P, J)', { P: path });
    const json = r ? String(r.J ?? '') : ''; // swipl-wasm may hand strings over as String objects
    if (json !== '') {
      const m = JSON.parse(json);
      post(errorMessage(m, paths.get(m.path) ?? sources[i].file));
      return;
    }
  }
  const q = prolog.query('user:planlog_answers(T, N, M, J)', { T: /\.\s*$/.test(query) ? query.replace(/\.\s*$/, '') : query, N: answerVar, M: maxSteps ?? 'none' });
  for (;;) {
    const r = q.next();
    const v = r.value;
    if (v && v.error) {
      post({ type: 'error', phase: 'run', file: '<run>', error: String(v.message ?? 'error'), term: null });
      return;
    }
    if (v && v.$tag === 'bindings') {
      const m = JSON.parse(String(v.J));
      if (m.type === 'error') {
        post(errorMessage(m, paths.get(m.path) ?? '<run>'));
        return;
      }
      if (m.type === 'limit') {
        post(m);
        return;
      }
      post(m);
    }
    if (r.done) break;
  }
  const s = once('user:planlog_steps(S)');
  post({ type: 'done', steps: s ? Number(s.S) : 0 });
}

const consulted = new Map();

function errorMessage(m, file) {
  // SWI's own text, with the in-memory paths replaced by the sources' names
  let error = String(m.error).trim();
  for (const [path, name] of consulted) error = error.split(path).join(name);
  const k = error.indexOf('Syntax error: ');
  return {
    type: 'error',
    phase: m.phase,
    file,
    error,
    term: m.term,
    ...(m.syntax ? { syntax: { message: k >= 0 ? error.slice(k + 'Syntax error: '.length) : m.syntax.message, ...(m.line > 0 ? { line: m.line, column: m.column } : {}) } } : {}),
    ...(m.line > 0 && !m.syntax ? { line: m.line } : {}),
  };
}

try {
  run();
} catch (e) {
  post({ type: 'error', phase: 'run', file: '<run>', error: e instanceof Error ? e.message : String(e), term: null });
}
