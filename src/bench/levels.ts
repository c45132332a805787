/**
 * Level specifications of the benchmark: `FILE` (every level of a file or
 * collection), `FILE:N`, `FILE:A-B`, `FILE:1,4,7-9`; a problem file (a
 * Prolog problem `.pl` or a PDDL problem) is one problem.
 */
import { isProblemFile } from '../core/load.ts';
import { PlanlogError } from '../util/errors.ts';
import { scanLevels } from '../sokoban/level.ts';

export interface BenchLevel {
  file: string;
  level: number;
  title: string | null;
  /** Short name for tables and charts: `microban 3`. */
  label: string;
  /** Number of boxes (null when the level has problems, its runs then report them, and for a problem file). */
  boxes: number | null;
  /** The domain of this problem when it is not the benchmark's (a folder's domain.pddl). */
  domainFile?: string;
}

/** Splits `FILE[:RANGES]` (a trailing `:digits,-` part is a range list). */
export function splitSpec(spec: string): { file: string; ranges: string | null } {
  const m = /^(.*?):([\d,\s-]+)$/.exec(spec);
  return m ? { file: m[1], ranges: m[2] } : { file: spec, ranges: null };
}

/** Level numbers of a range list such as `1-3,7`; a PlanlogError for bad or out-of-range numbers. */
export function parseRanges(ranges: string, count: number, file: string): number[] {
  const out: number[] = [];
  for (const part of ranges.split(',').map((p) => p.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new PlanlogError({ file, message: `bad level range '${part}' (use N, A-B or a list like 1-3,7)` });
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b > count || a > b) throw new PlanlogError({ file, message: `level range ${part} outside 1-${count} (the file has ${count} level${count === 1 ? '' : 's'})` });
    for (let n = a; n <= b; n++) out.push(n);
  }
  return out;
}

/** The levels of one specification, reading the file with `read`. */
export function resolveLevels(spec: string, read: (file: string) => string): BenchLevel[] {
  const { file, ranges } = splitSpec(spec);
  const text = read(file);
  const stem = file.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  if (isProblemFile(file, text)) {
    if (ranges !== null) throw new PlanlogError({ file, message: `a problem file holds one problem; drop :${ranges}` });
    return [{ file, level: 1, title: null, label: stem, boxes: null }];
  }
  const entries = scanLevels(text, file);
  const numbers = ranges === null ? entries.map((e) => e.number) : parseRanges(ranges, entries.length, file);
  return numbers.map((n) => {
    const e = entries[n - 1];
    return { file, level: n, title: e.title, label: `${stem} ${n}`, boxes: e.level ? e.level.boxes.length : null };
  });
}
