/**
 * Prolog syntax highlighting for CodeMirror: a small stream tokenizer for
 * the subset planlog reads (comments, quoted atoms, variables, numbers,
 * `opn` and the list brackets).
 */
import { StreamLanguage, type StreamParser } from '@codemirror/language';

interface State {
  inBlockComment: boolean;
}

const parser: StreamParser<State> = {
  name: 'prolog',
  startState: () => ({ inBlockComment: false }),
  token(stream, state) {
    if (state.inBlockComment) {
      if (stream.skipTo('*/')) {
        stream.next();
        stream.next();
        state.inBlockComment = false;
      } else stream.skipToEnd();
      return 'comment';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('%')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.inBlockComment = true;
      return 'comment';
    }
    if (stream.match(/^'(?:[^'\\]|\\.|'')*'?/)) return 'string';
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^\d+(\.\d+)?/)) return 'number';
    if (stream.match(/^[A-Z_][A-Za-z0-9_]*/)) return 'variableName';
    if (stream.match(/^opn(?=\s*\()/)) return 'keyword';
    if (stream.match(/^(init|goal)(?=\s*\()/)) return 'keyword';
    if (stream.match(/^[a-z][A-Za-z0-9_]*(?=\s*\()/)) return 'typeName';
    if (stream.match(/^[a-z][A-Za-z0-9_]*/)) return 'atom';
    if (stream.match(/^(:-|\\=|=)/)) return 'operator';
    if (stream.match(/^[[\]()]/)) return 'bracket';
    stream.next();
    return 'punctuation';
  },
  languageData: { commentTokens: { line: '%', block: { open: '/*', close: '*/' } } },
};

export const prolog = StreamLanguage.define(parser);
