// The SWI-Prolog (swipl-wasm) worker thread (plain ESM JavaScript, so that
// it needs no TypeScript loader). Started by src/prolog/engine-swipl.ts, the
// only module that talks to it; nothing else in planlog loads swipl-wasm.
//
// workerData: { sources: [{ file, text }], facts: [{ file, text }], query,
//               answerVar, maxSteps, stackLimitMb, readOnly }
// Same messages as worker.js (the tau-prolog worker):
//   { type: 'answer', term }        for each answer (term: a JSON term)
//   { type: 'done', steps }         no more answers (steps: SWI inferences)
//   { type: 'limit', steps }        maxSteps inferences used up for one answer
//   { type: 'output', alias, text } what the program printed
//   { type: 'error', phase, file, error, term, syntax? }
//                                   a Prolog error (consult or run); ends the run
//
// Sources (the planning theory: trusted program text) are written to SWI's
// in-memory (Emscripten MEMFS) file system as /planlog/<n>.pl and loaded
// with load_files/2; errors printed while loading (syntax errors and failed
// directives, which SWI reports and skips) are caught by a message hook with
// their position and end the run, like tau's. Then the engine is locked
// down (planlog_lock_down below): the stack limit is set, autoloading ends,
// the JavaScript bridge (js_run_script/1, '$js_call'/2, := and the other
// calls of library(wasm)), the file, shell, environment and halt predicates
// and the loaders are abolished, and JavaScript's eval is replaced by a
// function that throws.
// Only then are the facts texts read (read_term/3 from a string; each clause
// must be an opn/4, opn/5, init_fact/1 or goal_fact/1 fact and is asserted,
// never called; the problem's facts are gathered into init/1 and goal/1)
// and the query run. With readOnly, the facts texts are only read
// and each one's clauses posted as one answer (for the differential tests).
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
planlog_error_position(error(syntax_error(_), stream(_, L, LP, _)), '', L, LP) :- !.
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

planlog_error_json(Phase, T, Text0, F, L0, C0, Json) :-
    (   Text0 == '' -> term_string(T, Text) ; Text = Text0 ),
    (   L0 =:= 0, T = error(syntax_error(_), stream(_, L1, C1, _)) -> L = L1, C = C1 ; L = L0, C = C0 ),
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

% The engine lock-down, before anything but the theory is read: nothing
% that reaches JavaScript, the (in-memory) file system, the environment or
% the process stays callable. (set_prolog_flag/2, wasm:is_object/1 and
% wasm:wasm_call_string/3 stay: SWI's message machinery and swipl-wasm's
% queries from JavaScript into Prolog call them; they do not reach JavaScript.)
planlog_denied(system:js_run_script/1).
planlog_denied(system:'$js_call'/2).
planlog_denied(wasm:(:=)/2).
planlog_denied(wasm:await/2).
planlog_denied(wasm:fetch/3).
planlog_denied(wasm:http/3).
planlog_denied(wasm:js_script/2).
planlog_denied(wasm:call_chain/2).
planlog_denied(wasm:call_chain/3).
planlog_denied(wasm:call_func/2).
planlog_denied(system:PI) :-
    member(PI, [shell/0, shell/1, shell/2, halt/0, halt/1, prolog/0, break/0,
                open/3, open/4, see/1, tell/1, append/1, consult/1, load_files/1, load_files/2,
                ensure_loaded/1, use_module/1, use_module/2, reexport/1, reexport/2,
                load_foreign_library/1, load_foreign_library/2, open_shared_object/2, open_shared_object/3,
                delete_file/1, rename_file/2, make_directory/1, delete_directory/1, chdir/1,
                working_directory/2, '$chdir'/1, tmp_file/2, tmp_file_stream/3, '$tmp_file_stream'/4,
                getenv/2, setenv/2, unsetenv/1, qsave_program/1, qsave_program/2]).

planlog_lock_down(StackBytes) :-
    (   integer(StackBytes), StackBytes > 0 -> set_prolog_flag(stack_limit, StackBytes) ; true ),
    % the library predicates the theory and this helper call, then no more loading
    use_module(user:library(lists), [member/2, append/3, reverse/2]),
    use_module(user:library(apply), [maplist/2, maplist/3]),
    set_prolog_flag(autoload, false),
    set_prolog_flag(access_level, system),
    forall(planlog_denied(PI), catch(abolish(PI), _, true)),
    set_prolog_flag(access_level, user).

% planlog_read_facts(+Text, +File, -Json): asserts the facts of Text; Json is "" or an error message.
planlog_read_facts(Text, File, Json) :-
    catch(( open_string(Text, S),
            call_cleanup(planlog_read_stream(S), close(S)),
            Json = "" ),
          E,
          planlog_error_json(consult, E, '', File, 0, 0, Json)).

planlog_read_stream(S) :-
    repeat,
    read_term(S, T, []),
    (   T == end_of_file
    ->  !
    ;   planlog_fact(T), fail
    ).

planlog_fact(T) :-
    (   ( T = opn(_, _, _, _) ; T = opn(_, _, _, _, _) ; T = init_fact(_) ; T = goal_fact(_) )
    ->  assertz(user:T)
    ;   throw(planlog_not_a_fact(T))
    ).

% the problem's facts, one clause each, into the theory's init/1 and goal/1 lists
planlog_gather :-
    findall(F, retract(user:init_fact(F)), Init), assertz(user:init(Init)),
    findall(G, retract(user:goal_fact(G)), Goal), assertz(user:goal(Goal)).

% planlog_read_list(+Text, -Json): every clause of Text, its variables numbered, as one JSON answer.
planlog_read_list(Text, Json) :-
    catch(( open_string(Text, S),
            call_cleanup(planlog_read_terms(S, L), close(S)),
            with_output_to(string(Json), (write('{"type":"answer","term":'), planlog_json(L), write('}'))) ),
          E,
          planlog_error_json(consult, E, '', '', 0, 0, Json)).

planlog_read_terms(S, L) :-
    read_term(S, T, []),
    (   T == end_of_file
    ->  L = []
    ;   copy_term(T, T1), numbervars(T1, 0, _), L = [T1|L1], planlog_read_terms(S, L1)
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
planlog_json(T) :- is_dict(T), !, write('{"kind":"atom","name":'), term_string(T, S), planlog_json_string(S), write('}').
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
    (   ( atom(X) ; string(X) ; number(X) ) -> atom_codes(X, Cs) ; term_string(X, S), atom_codes(S, Cs) ),
    put_char('"'), maplist(planlog_json_code, Cs), put_char('"').
planlog_json_code(0'") :- !, write('\\"').
planlog_json_code(0'\\) :- !, write('\\\\').
planlog_json_code(C) :- C < 32, !, D1 is C >> 4, D2 is C /\ 15, format('\\u00~16r~16r', [D1, D2]).
planlog_json_code(C) :- put_char(C).
`;

const { sources, facts = [], query, answerVar, maxSteps, stackLimitMb = null, readOnly = false } = workerData;
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

const consulted = new Map();

/** The JSON message a helper predicate returned ('' when none). */
const jsonOf = (r, key) => (r ? String(r[key] ?? '') : ''); // swipl-wasm may hand strings over as String objects

function run() {
  FS.mkdir('/planlog');
  FS.writeFile('/planlog/helper.pl', HELPER);
  const boot = once("load_files(user:'/planlog/helper.pl', [silent(true)])");
  if (!boot) throw new Error('swipl-wasm: could not load the planlog helper');
  for (let i = 0; i < sources.length; i++) {
    const path = `/planlog/${i}.pl`;
    consulted.set(path, sources[i].file);
    FS.writeFile(path, sources[i].text);
    const json = jsonOf(once('user:planlog_load(P, J)', { P: path }), 'J');
    if (json !== '') {
      const m = JSON.parse(json);
      post(errorMessage(m, consulted.get(m.path) ?? sources[i].file));
      return;
    }
  }
  // the lock-down: from here on, nothing reaches JavaScript, files or the process
  if (!once('user:planlog_lock_down(B)', { B: stackLimitMb === null ? 0 : Math.floor(stackLimitMb * 2 ** 20) })) {
    throw new Error('swipl-wasm: the lock-down failed');
  }
  globalThis.eval = () => {
    throw new Error('eval is not available in the planlog engine');
  };
  for (let i = 0; i < facts.length; i++) {
    const { file, text } = facts[i];
    const json = jsonOf(once(readOnly ? 'user:planlog_read_list(T, J)' : 'user:planlog_read_facts(T, F, J)', { T: text, F: file }), 'J');
    if (json === '') continue;
    const m = JSON.parse(json);
    if (m.type === 'answer') post(m);
    else {
      post(errorMessage(m, file));
      return;
    }
  }
  if (readOnly) {
    post({ type: 'done', steps: 0 });
    return;
  }
  if (facts.length > 0 && !once('user:planlog_gather')) throw new Error('swipl-wasm: the facts could not be gathered');
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
        post(errorMessage(m, consulted.get(m.path) ?? '<run>'));
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
