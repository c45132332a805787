/** Reading command lines out of Markdown (doc-commands.ts): what counts, their kinds, exit codes, excerpts. */
import { describe, expect, it } from 'vitest';
import { docShell, excerptPattern, isTemplate, kindOf, planlogArgv, shellWords } from './doc-commands.ts';

describe('reading commands out of Markdown', () => {
  it('words: quotes, comments, redirections and other operators', () => {
    expect(shellWords(`npx planlog validate maps/tutorial.txt --lurd "rrRR"  # a comment`)).toEqual({
      words: ['npx', 'planlog', 'validate', 'maps/tutorial.txt', '--lurd', 'rrRR'],
      comment: 'a comment',
      operators: false,
      end: 54,
    });
    expect(shellWords(`npx planlog solve a.pl --json > out.json`).words).toEqual(['npx', 'planlog', 'solve', 'a.pl', '--json', '>', 'out.json']);
    expect(shellWords(`a 2>&1 | b && c; d < e`).words).toEqual(['a', '2', '>&', '1', '|', 'b', '&&', 'c', ';', 'd', '<', 'e']);
    expect(shellWords(`printf 'a # b' > f   # exit 1`)).toMatchObject({ words: ['printf', 'a # b', '>', 'f'], comment: 'exit 1', operators: true });
    expect(() => shellWords(`solve 'a.pl`)).toThrow('unterminated quote');
  });

  it('kinds from the first words', () => {
    expect(['npx planlog solve x', 'printf x > f', 'npm run bench', 'npm ci && npm start', 'npx tsx bench/x.ts', 'npx vitest run', 'node -e 0', '/usr/bin/time -v x', 'git worktree add ../b', 'planlog solve x', 'npx cowsay hi', 'rm -rf /'].map(kindOf)).toEqual([
      'planlog',
      'shell',
      'setup',
      'setup',
      'measure',
      'measure',
      'measure',
      'measure',
      'measure',
      'bare',
      'unknown',
      'unknown',
    ]);
  });

  it('templates: …, <…>, […], upper-case placeholders outside quotes', () => {
    expect(['npx planlog …', 'npx planlog help <command>', 'npx planlog solve x [--level N]', 'npx planlog solve domains/NAME-N.pl', 'npx tsx tests/bench/big-inputs.ts DIR', 'node x.js compare ROOM --engine E'].map(isTemplate)).toEqual([true, true, true, true, true, true]);
    expect(['npx planlog serve', `npx planlog validate maps/tutorial.txt --level 2 --lurd "rrRR"`, `npx vitest run tests/cli/cli.test.ts -t 'LEVEL by title'`, `npx planlog solve x --algo astar+lmcut`].map(isTemplate)).toEqual([false, false, false, false]);
  });

  it('sh blocks: every line but comments, continuations joined, # exit N; excerpts only right after an sh block', () => {
    const md = [
      '```sh',
      '# a comment line',
      'npx planlog solve x.txt   # exit 1',
      'npx planlog solve y.txt \\',
      '  --algo bfs > y.out',
      '',
      '```',
      '',
      '```',
      'no plan',
      '```',
      '',
      'text',
      '',
      '```',
      'not an excerpt',
      '```',
    ].join('\n');
    const { commands, excerpts } = docShell(md);
    expect(commands.map((c) => [c.text, c.kind, c.exit, c.block, c.line])).toEqual([
      ['npx planlog solve x.txt', 'planlog', 1, 0, 3],
      ['npx planlog solve y.txt  --algo bfs > y.out', 'planlog', 0, 0, 4],
    ]);
    expect(excerpts).toEqual([{ block: 0, lines: ['no plan'] }]);
  });

  it('inline: complete command lines of the known programs, also wrapped, not templates nor a bare name', () => {
    const md = [
      'Run `npx planlog serve`, then `npx planlog solve',
      'maps/demo.txt --json` or `npx planlog …`; `npx` is npm\'s; `planlog solve x` is not on the PATH;',
      '`npm run bench` measures; `solve --json` is a flag; `` a`b `` is code.',
    ].join('\n');
    expect(docShell(md).commands.map((c) => [c.text, c.kind, c.block, c.line])).toEqual([
      ['npx planlog serve', 'planlog', -1, 1],
      ['npx planlog solve maps/demo.txt --json', 'planlog', -1, 1],
      ['planlog solve x', 'bare', -1, 2],
      ['npm run bench', 'setup', -1, 3],
    ]);
  });

  it('in-process arguments of an npx planlog line; refused with a redirection', () => {
    const [plain, redirected] = docShell('```sh\nnpx planlog solve x.txt --level 2   # exit 1\nnpx planlog facts x.txt > f.pl\n```\n').commands;
    expect(planlogArgv(plain)).toEqual(['solve', 'x.txt', '--level', '2']);
    expect(() => planlogArgv(redirected)).toThrow('a redirection or pipe in a command run in-process: npx planlog facts x.txt > f.pl');
  });

  it('excerpt lines: any times, any runs of spaces, a trailing … for a prefix', () => {
    const p = excerptPattern('search: 4 expanded; search 0.45 ms, total 6.76 ms')!;
    expect(p.test('search: 4 expanded; search 12.3 ms, total 1,020 ms')).toBe(true);
    expect(p.test('search: 5 expanded; search 0.45 ms, total 6.76 ms')).toBe(false);
    expect(excerptPattern('  time   0.7 ms   254 ms')!.test('  time         1.2 ms                    1198 ms')).toBe(true);
    expect(excerptPattern('solved by bfs: 3 steps …')!.test('solved by bfs: 3 steps, cost 3, optimal')).toBe(true);
    expect(excerptPattern('…')).toBeNull();
  });
});
