// The tau-prolog worker thread (plain ESM JavaScript, so that it needs no
// TypeScript loader). Started by src/prolog/engine.ts, the only module that
// talks to it; nothing else in planlog imports tau-prolog.
//
// workerData: { sources: [{ file, text }], query, answerVar, maxSteps, chunk }
// It consults each source text in order, runs the query and posts, in order:
//   { type: 'answer', term }        for each answer (term: a JSON term)
//   { type: 'progress', steps }     every `chunk` resolution steps
//   { type: 'done', steps }         no more answers
//   { type: 'limit', steps }        maxSteps resolution steps used up
//   { type: 'error', phase, file, error, syntax? }
//                                   a Prolog error (consult or run); ends the run
//
// Sandbox: only the core and library(lists) are loaded (never the js, os or
// dom modules); consult reads texts only, never files or URLs; the file
// system, standard input and halt/0,1 are cut off; output goes to the parent.
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

const { sources, query, answerVar, maxSteps, chunk } = workerData;
const session = makeSession(chunk);
let steps = 0;

function consultNext(i) {
  if (i === sources.length) {
    runQuery();
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

// The lists library first (tau-prolog needs it loaded; SWI-Prolog autoloads it).
session.consult(':- use_module(library(lists)).', {
  success: () => consultNext(0),
  error: (err) => parentPort.postMessage(errorMessage('consult', '<bootstrap>', err)),
});
