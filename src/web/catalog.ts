/**
 * What the playground offers to pick from: the bundled levels of `maps/`
 * and the domains of `domains/` with their problem files. Read once when
 * the server starts; a file that does not read as levels is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanLevels } from '../sokoban/level.ts';

export interface LevelEntry {
  id: string;
  file: string;
  level: number;
  title: string | null;
  text: string;
}

export interface ProblemEntry {
  file: string;
  text: string;
}

export interface DomainEntry {
  id: string;
  file: string;
  text: string;
  /** Sokoban domains (they name the top/right/sokoban/box/empty vocabulary) solve levels. */
  sokoban: boolean;
  problems: ProblemEntry[];
}

/** The levels of every `*.txt` in `dir`, demo first, then by file name. */
export function bundledLevels(dir: string): LevelEntry[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort((a, b) => (a === 'demo.txt' ? -1 : b === 'demo.txt' ? 1 : a.localeCompare(b)));
  const out: LevelEntry[] = [];
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    let entries;
    try {
      entries = scanLevels(text, `maps/${f}`);
    } catch {
      continue;
    }
    const stem = f.replace(/\.txt$/, '');
    for (const e of entries) {
      if (!e.level) continue;
      out.push({ id: `${stem}-${e.number}`, file: `maps/${f}`, level: e.number, title: e.title, text: `${e.level.source.join('\n')}\n` });
    }
  }
  return out;
}

/**
 * The domains of `dir` (files with opn/4 facts) and their problems: a
 * problem file `NAME-….pl` belongs to the domain `NAME.pl` with the longest
 * such name.
 */
export function bundledDomains(dir: string): DomainEntry[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pl'))
    .sort();
  const texts = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const isDomain = (t: string): boolean => /^\s*opn\s*\(/m.test(t);
  const domains = files
    .filter((f) => isDomain(texts.get(f)!))
    .map((f): DomainEntry => {
      const text = texts.get(f)!;
      return { id: f.replace(/\.pl$/, ''), file: `domains/${f}`, text, sokoban: /\bpush[A-Z]?\w*\s*\(/.test(text) && /\bsokoban\s*\(/.test(text), problems: [] };
    })
    .sort((a, b) => (a.id === 'sokoban' ? -1 : b.id === 'sokoban' ? 1 : a.id.localeCompare(b.id)));
  // problems in name order without the extension: robot-problem before robot-problem-2
  const stem = (f: string): string => f.replace(/\.pl$/, '');
  for (const f of [...files].sort((a, b) => stem(a).localeCompare(stem(b), 'en', { numeric: true }))) {
    const text = texts.get(f)!;
    if (isDomain(text)) continue;
    const owner = domains.filter((d) => f.startsWith(`${d.id}-`)).sort((a, b) => b.id.length - a.id.length)[0];
    owner?.problems.push({ file: `domains/${f}`, text });
  }
  return domains;
}
