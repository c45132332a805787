import { describe, expect, it } from 'vitest';
import { compileLevel, lurdToPlan, readLevels, renderBoard, renderInitial } from '../../src/sokoban/index.ts';
import { factKey } from '../../src/model/lifted.ts';

const text = '  ####\n###  ####\n#  $ $  #\n# .#@#. #\n#       #\n#########';
const [level] = readLevels(text, 'r.txt');

describe('renderBoard', () => {
  it('renderInitial equals the normalised rows', () => {
    expect(renderInitial(level)).toBe(text);
    const [dashed] = readLevels('-####--\n-#@$.#\n-####', 'd.txt');
    expect(renderInitial(dashed)).toBe(' ####\n #@$.#\n ####');
  });

  it('draws the compiled initial facts like the level', () => {
    expect(renderBoard(level, compileLevel(level).init.map(factKey))).toBe(text);
  });

  it('draws player and boxes from facts, goals from the level', () => {
    const facts = ['sokoban(x2y3)', 'box(x6y3)', 'box(x1y2)', 'empty(x4y3)', 'top(x1y1,x1y2)'];
    expect(renderBoard(level, facts)).toBe(
      ['  ####', '###  ####', '#$      #', '# +# #* #', '#       #', '#########'].join('\n'),
    );
  });

  it('trims trailing spaces and draws + and *', () => {
    const [small] = readLevels('#####\n#@$.#\n#####', 's.txt');
    expect(renderBoard(small, ['sokoban(x2y1)', 'box(x3y1)'])).toBe('#####\n# @*#\n#####');
    expect(renderBoard(small, ['sokoban(x3y1)', 'box(x2y1)'])).toBe('#####\n# $+#\n#####');
  });

  it('keeps walled-off scenery', () => {
    const [s] = readLevels('#######\n#@$.#*#\n#######', 's.txt');
    expect(renderBoard(s, ['sokoban(x2y1)', 'box(x3y1)'])).toBe('#######\n# @*#*#\n#######');
  });

  it('follows a replayed LURD plan', () => {
    const [small] = readLevels('######\n#@ $.#\n######', 'w.txt');
    expect(lurdToPlan(small, 'rR')).toEqual(['moveR(x1y1,x2y1)', 'pushR(x2y1,x3y1,x4y1)']);
    expect(renderBoard(small, ['sokoban(x3y1)', 'box(x4y1)'])).toBe('######\n#  @*#\n######');
  });
});
