/**
 * Issue 13, the CLI side of the reproduction: a problem or domain file that
 * hides a directive after "%" and a CR (or U+2028, U+2029) is refused with
 * exit 2 and file:line:col by `solve --backend prolog` and `compare`, with
 * either engine; nothing in it runs.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { swiplAvailable } from '../../src/prolog/engine-swipl.ts';
import { runMain } from '../cli/run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'planlog-issue13-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const marker = join(dir, 'marker');
const hidden = (lineEnd: string): string => `%${lineEnd} :- js_run_script("process.getBuiltinModule('fs').writeFileSync('${marker}', 'pwned')").\n`;

function files(name: string, lineEnd: string, where: 'problem' | 'domain'): { problem: string; domain: string } {
  const problem = join(dir, `${name}-problem.pl`);
  const domain = join(dir, `${name}-domain.pl`);
  writeFileSync(problem, `init([p]).\ngoal([q]).\n${where === 'problem' ? hidden(lineEnd) : ''}`);
  writeFileSync(domain, `opn(a,[p],[q],[]).\n${where === 'domain' ? hidden(lineEnd) : ''}`);
  return { problem, domain };
}

const engines = swiplAvailable() ? ['tau', 'swipl'] : ['tau'];

describe('the reproduction of issue 13 through the CLI', () => {
  const lineEnds: [string, string][] = [
    ['CR', '\r'],
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
  ];
  for (const [label, lineEnd] of lineEnds) {
    for (const where of ['problem', 'domain'] as const) {
      it(`${where} file, % comment ended by ${label}: solve --backend prolog and compare exit 2 with file:line:col (${engines.join(', ')})`, async () => {
        const f = files(`${label}-${where}`, lineEnd, where);
        const at = where === 'problem' ? `${f.problem}:4:19` : `${f.domain}:3:19`;
        for (const engine of engines) {
          for (const argv of [
            ['solve', f.problem, '--domain', f.domain, '--backend', 'prolog', '--engine', engine, '--algo', 'bfs'],
            ['compare', f.problem, '--domain', f.domain, '--engine', engine, '--algo', 'bfs'],
          ]) {
            const r = await runMain(...argv);
            expect(r.code, argv.join(' ')).toBe(2);
            expect(r.err.split('\n')[0]).toBe(`${at}: double-quoted strings are not supported; write a quoted atom 'like this'`);
          }
        }
        expect(existsSync(marker)).toBe(false);
      }, 60_000);
    }
  }

  it('the same files without the hidden line are solved by both engines (exit 0)', async () => {
    const f = files('clean', '\n', 'problem');
    writeFileSync(f.problem, 'init([p]).\ngoal([q]).\n');
    for (const engine of engines) {
      const r = await runMain('solve', f.problem, '--domain', f.domain, '--backend', 'prolog', '--engine', engine, '--algo', 'bfs', '--json');
      expect(r.code, engine).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ status: 'solved', plan: ['a'], backend: 'prolog' });
    }
  }, 60_000);
});
