// The tau-prolog worker thread (plain ESM JavaScript, so that it needs no
// TypeScript loader). Started by src/prolog/engine.ts, the only module that
// talks to it; nothing else in planlog imports tau-prolog.
//
// workerData: { sources: [{ file, text }], facts: [{ file, text }], query,
//               answerVar, maxSteps, chunk, readOnly }
// In order: it consults each source text (the planning theory: trusted
// program text), locks the engine down (below), reads each facts text with
// read_term/3 and asserts its clauses, which must be opn/4, opn/5,
// init_fact/1 or goal_fact/1 facts (the checked domain and problem, printed
// by planlog: nothing in them is ever called), gathers the problem's facts
// into init/1 and goal/1, runs the query and posts, in order:
//   { type: 'answer', term }        for each answer (term: a JSON term)
//   { type: 'progress', steps }     every `chunk` resolution steps
//   { type: 'done', steps }         no more answers
//   { type: 'limit', steps }        maxSteps resolution steps used up
//   { type: 'error', phase, file, error, syntax? }
//                                   a Prolog error (consult or run); ends the run
// With readOnly, it only reads the facts texts and posts each clause read as
// an answer (any clause: the differential tests compare the readers).
//
// Sandbox: only the core and library(lists) are loaded (never the js, os or
// dom modules); consult reads texts only, never files or URLs; the file
// system and standard input are cut off; output goes to the parent. Before
// the facts are read, consult/1, halt/0,1, open/3,4, set_prolog_flag/2 and
// abolish/1 are removed from the built-ins, and the directives use_module,
// module and initialization from the consult machinery.
import { parentPort, workerData } from 'node:worker_threads';
import pl from 'tau-prolog';
import loadLists from 'tau-prolog/modules/lists.js';

loadLists(pl);

// consult: texts only (tau would first try the text as a file name or URL).
const originalConsult = pl.type.Thread.prototype.consult;
pl.type.Thread.prototype.consult = function (program, options) {
  const o = typeof options === 'function' ? { success: options, error: options } : { ...(options ?? {}) };
  return originalConsult.call(this, String(program), { ...o, file: false, url: false, html: false, script: false, text: true });
};

const deniedFileSystem = {
  open() {
    return null;
  },
};

function makeSession(chunk) {
  const session = pl.create(chunk);
  // Not node.js for tau: halt/0,1 then only stop the query instead of exiting.
  session.flag.nodejs = new pl.type.Term('false', []);
  session.file_system = deniedFileSystem;
  const input = new pl.type.Stream({ get: () => 'end_of_stream', eof: () => true, size: () => 0, close: () => true }, 'read', 'user_input', 'text', false, 'eof_code');
  const output = (alias) =>
    new pl.type.Stream(
      {
        put(text) {
          parentPort.postMessage({ type: 'output', alias, text });
          return true;
        },
        flush: () => true,
        close: () => true,
      },
      'append',
      alias,
      'text',
      false,
      'reset',
    );
  session.streams.user_input = input;
  session.streams.user_output = output('user_output');
  session.streams.user_error = output('user_error');
  session.standard_input = session.current_input = input;
  session.standard_output = session.current_output = session.streams.user_output;
  session.standard_error = session.streams.user_error;
  return session;
}

/** A tau term as a plain JSON term: { kind: atom|int|float|var|compound|list, … }. */
function toJson(t) {
  if (t instanceof pl.type.Var) return { kind: 'var', name: t.id };
  if (t instanceof pl.type.Num) return t.is_float ? { kind: 'float', value: t.value } : { kind: 'int', value: Number(t.value) };
  if (t instanceof pl.type.Term) {
    if (t.indicator === './2') {
      const items = [];
      let cur = t;
      while (cur instanceof pl.type.Term && cur.indicator === './2') {
        items.push(toJson(cur.args[0]));
        cur = cur.args[1];
      }
      const tail = cur instanceof pl.type.Term && cur.indicator === '[]/0' ? null : toJson(cur);
      return { kind: 'list', items, tail };
    }
    if (t.indicator === '[]/0') return { kind: 'list', items: [], tail: null };
    if (t.args.length === 0) return { kind: 'atom', name: t.id };
    return { kind: 'compound', functor: t.id, args: t.args.map(toJson) };
  }
  return { kind: 'atom', name: String(t) };
}

function errorMessage(phase, file, err) {
  // err: throw(E) from consult, or the error term of a failed query
  let e = err;
  if (e instanceof pl.type.Term && e.indicator === 'throw/1') e = e.args[0];
  const msg = { type: 'error', phase, file, error: e && typeof e.toString === 'function' ? e.toString({ quoted: true }) : String(e), term: e instanceof pl.type.Term || e instanceof pl.type.Var || e instanceof pl.type.Num ? toJson(e) : null };
  // error(syntax_error(What), [line(L), column(C), found(T)])
  if (e instanceof pl.type.Term && e.indicator === 'error/2' && e.args[0] instanceof pl.type.Term && e.args[0].indicator === 'syntax_error/1') {
    const info = {};
    let cur = e.args[1];
    while (cur instanceof pl.type.Term && cur.indicator === './2') {
      const item = cur.args[0];
      if (item instanceof pl.type.Term && item.args.length === 1) {
        const v = item.args[0];
        info[item.id] = v instanceof pl.type.Num ? Number(v.value) : v.toString();
      }
      cur = cur.args[1];
    }
    const what = e.args[0].args[0];
    msg.syntax = { message: what instanceof pl.type.Term && what.args.length === 0 ? what.id : what.toString(), line: info.line, column: info.column, found: info.found };
  }
  return msg;
}

const { sources, facts = [], query, answerVar, maxSteps, chunk, readOnly = false } = workerData;
const session = makeSession(chunk);
let steps = 0;

/** Built-ins that reach outside the engine or end it; gone before any facts are read. */
const DENIED_BUILTINS = ['consult/1', 'halt/0', 'halt/1', 'open/3', 'open/4', 'set_prolog_flag/2', 'abolish/1'];
const DENIED_DIRECTIVES = ['use_module/1', 'module/2', 'initialization/1', 'set_prolog_flag/2'];

function lockDown() {
  for (const k of DENIED_BUILTINS) delete pl.builtin.rules[k];
  for (const k of DENIED_DIRECTIVES) delete pl.directive[k];
}

// The facts reader (consulted with the theory, before the lock-down): read_term/3
// over a stream of the text; each clause must be a planning fact, which is asserted
// (init_fact/goal_fact: one fact of the problem each, gathered by planlog_gather).
const LOADER = `
planlog_read_facts(S) :-
    repeat,
    read_term(S, T, []),
    (   T == end_of_file
    ->  !
    ;   planlog_fact(T), fail
    ).
planlog_fact(T) :-
    (   ( T = opn(_, _, _, _) ; T = opn(_, _, _, _, _) ; T = init_fact(_) ; T = goal_fact(_) )
    ->  assertz(T)
    ;   throw(planlog_not_a_fact(T))
    ).
% the problem's facts, one clause each, into the theory's init/1 and goal/1 lists
planlog_gather :-
    findall(F, retract(init_fact(F)), Init), assertz(init(Init)),
    findall(G, retract(goal_fact(G)), Goal), assertz(goal(Goal)).
% every clause of the stream, its variables numbered ('$VAR'(0), ...) in order of appearance
planlog_read_list(S, L) :-
    read_term(S, T, []),
    (   T == end_of_file
    ->  L = []
    ;   copy_term(T, T1), numbervars(T1, 0, _), L = [T1|L1], planlog_read_list(S, L1)
    ).
`;

/** A read-only stream over a text, for read_term/3. */
function textStream(text, alias) {
  return new pl.type.Stream(
    {
      get: (length, position) => (position >= text.length ? 'end_of_stream' : text.substr(position, length)),
      eof: () => true,
      size: () => text.length,
      close: () => true,
    },
    'read',
    alias,
    'text',
    false,
    'eof_code',
  );
}

function consultNext(i) {
  if (i === sources.length) {
    lockDown();
    readFacts(0);
    return;
  }
  const { file, text } = sources[i];
  let settled = false;
  session.consult(text, {
    success() {
      if (settled) return;
      settled = true;
      consultNext(i + 1);
    },
    error(err) {
      if (settled) return;
      settled = true;
      parentPort.postMessage(errorMessage('consult', file, err));
    },
  });
}

/** Runs `goal` once (no answers wanted); then `next`, or an error message for `file`. */
function runOnce(goal, file, next) {
  session.query(goal, {
    success() {
      const step = () =>
        session.answer({
          success: () => next(),
          fail: () => parentPort.postMessage({ type: 'error', phase: 'consult', file, error: 'the facts could not be read', term: null }),
          error: (err) => parentPort.postMessage(errorMessage('consult', file, err)),
          limit: () => step(),
        });
      step();
    },
    error: (err) => parentPort.postMessage(errorMessage('consult', file, err)),
  });
}

function readFacts(i) {
  if (i === facts.length) {
    if (readOnly) parentPort.postMessage({ type: 'done', steps: 0 });
    else if (facts.length === 0) runQuery();
    else runOnce('planlog_gather.', facts[facts.length - 1].file, runQuery);
    return;
  }
  const { file, text } = facts[i];
  const alias = `planlog_facts_${i}`;
  session.streams[alias] = textStream(text, alias);
  if (readOnly) {
    // every clause read, as one answer (the reader only: nothing is asserted)
    session.query(`planlog_read_list(${alias}, L).`, {
      success() {
        const step = () =>
          session.answer({
            success(answer) {
              parentPort.postMessage({ type: 'answer', term: toJson(answer.links.L) });
              readFacts(i + 1);
            },
            fail: () => parentPort.postMessage({ type: 'error', phase: 'consult', file, error: 'the text could not be read', term: null }),
            error: (err) => parentPort.postMessage(errorMessage('consult', file, err)),
            limit: () => step(),
          });
        step();
      },
      error: (err) => parentPort.postMessage(errorMessage('consult', file, err)),
    });
    return;
  }
  runOnce(`planlog_read_facts(${alias}).`, file, () => readFacts(i + 1));
}

function runQuery() {
  session.query(query, {
    success() {
      next();
    },
    error(err) {
      parentPort.postMessage(errorMessage('query', '<query>', err));
    },
  });
}

function next() {
  session.answer({
    success(answer) {
      steps += chunk - session.thread.current_limit;
      parentPort.postMessage({ type: 'answer', term: toJson(answer.links[answerVar]) });
      next();
    },
    fail() {
      steps += chunk - session.thread.current_limit;
      parentPort.postMessage({ type: 'done', steps });
    },
    error(err) {
      parentPort.postMessage(errorMessage('run', '<run>', err));
    },
    limit() {
      steps += chunk - session.thread.current_limit;
      if (maxSteps !== null && steps >= maxSteps) {
        parentPort.postMessage({ type: 'limit', steps });
        return;
      }
      parentPort.postMessage({ type: 'progress', steps });
      next();
    },
  });
}

// The lists library and the facts reader first (tau-prolog needs library(lists) loaded; SWI-Prolog autoloads it).
session.consult(`:- use_module(library(lists)).\n${LOADER}`, {
  success: () => consultNext(0),
  error: (err) => parentPort.postMessage(errorMessage('consult', '<bootstrap>', err)),
});
