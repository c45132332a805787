/**
 * The preprocessing of ground tasks (src/strips/preprocess.ts) on PDDL
 * problems or Sokoban levels: per problem the ground task's atoms and
 * operators, after each mode, the mutex groups and the CPU time of
 * grounding and of each phase.
 *
 *   npx tsx bench/preprocess.ts ../shared/pddl/blocks/probBLOCKS-9-0.pddl ../shared/pddl/gripper/prob20.pddl
 *   npx tsx bench/preprocess.ts ../shared/pddl/logistics00            (every problem of a folder)
 *   npx tsx bench/preprocess.ts ../shared/levels/microban.txt:1-155   (levels of a level file)
 *   --groups: print the mutex groups too
 *
 * With --search CONFIG (e.g. "gbfs+hff", "astar+lmcut", "auto"): each
 * problem solved through the pipeline (solveLoaded: grounding,
 * preprocessing, search, validation) with --preprocess none, relevance and
 * h2 in turn (each problem starting with the next mode), per mode the
 * plan's length, the expanded states and the CPU time of the whole solve
 * (grounding, preprocessing, search, validation); the sums over the
 * problems each mode solved at the end. --timeout SEC (default 30)
 * for each solve.
 *
 *   npx tsx bench/preprocess.ts --search gbfs+hff ../shared/pddl/blocks ../shared/pddl/logistics00
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProblem, type ProblemSource } from '../src/core/load.ts';
import { solveLoaded } from '../src/pipeline/solve.ts';
import { preprocessModes } from '../src/strips/preprocess.ts';
import { ground } from '../src/strips/ground.ts';
import { preprocess } from '../src/strips/preprocess.ts';

const args = process.argv.slice(2);
const showGroups = args.includes('--groups');
const SOKOBAN = fileURLToPath(new URL('../domains/sokoban.pl', import.meta.url));

function sources(arg: string): ProblemSource[] {
  const m = /^(.*\.txt):(\d+)(?:-(\d+))?$/.exec(arg);
  if (m) {
    const text = readFileSync(m[1], 'utf8');
    const out: ProblemSource[] = [];
    for (let l = Number(m[2]); l <= Number(m[3] ?? m[2]); l++) out.push({ file: m[1], text, level: l, isProlog: false, domainFile: SOKOBAN, domainText: readFileSync(SOKOBAN, 'utf8') });
    return out;
  }
  const files = statSync(arg).isDirectory()
    ? readdirSync(arg)
        .filter((f) => f.endsWith('.pddl') && !f.startsWith('domain'))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
        .map((f) => join(arg, f))
    : [arg];
  return files.map((file) => {
    const domainFile = join(dirname(file), 'domain.pddl');
    return { file, text: readFileSync(file, 'utf8'), domainFile, domainText: readFileSync(domainFile, 'utf8') };
  });
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const valueOf = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : args[i + 1];
};
const searchConfig = valueOf('--search');
const timeoutS = Number(valueOf('--timeout') ?? 30);
const inputs = args.filter((a, i) => !a.startsWith('--') && !['--search', '--timeout'].includes(args[i - 1]));

if (searchConfig !== undefined) {
  const [algo, heuristic] = searchConfig.split('+');
  const sums = preprocessModes.map(() => ({ solved: 0, expanded: 0, cpu: 0, pre: 0 }));
  let problems = 0;
  const out = [`| problem | ${preprocessModes.map((m) => `${m}: length, expanded, CPU ms (preprocessing)`).join(' | ')} |`, `|---|${preprocessModes.map(() => '---').join('|')}|`];
  for (const arg of inputs) {
    for (const src of sources(arg)) {
      const loaded = loadProblem(src);
      // the modes in turn, starting with a different one on each problem (the first solve of a process runs colder code)
      const cells: string[] = [];
      const start = problems++ % preprocessModes.length;
      for (let k = 0; k < preprocessModes.length; k++) {
        const i = (start + k) % preprocessModes.length;
        const mode = preprocessModes[i];
        const t = cpu();
        const r = solveLoaded(loaded, { algo, heuristic, preprocess: mode, timeoutMs: timeoutS * 1000 });
        const used = cpu() - t;
        const p = r.stats.preprocess;
        const preMs = p ? p.h2Ms + p.relevanceMs + p.groupsMs : 0;
        if (r.status === 'solved') {
          sums[i].solved++;
          sums[i].expanded += r.stats.expanded;
          sums[i].cpu += used;
          sums[i].pre += preMs;
        }
        cells[i] = `${r.status === 'solved' ? r.length : r.status}, ${r.stats.expanded}, ${used.toFixed(0)} (${preMs.toFixed(0)})`;
      }
      const name = src.level !== undefined ? `${src.file.replace(/.*\//, '')}:${src.level}` : src.file.replace(/.*\/([^/]+\/[^/]+)$/, '$1');
      out.push(`| ${name} | ${cells.join(' | ')} |`);
      console.error(out.at(-1));
    }
  }
  out.push(`| solved: sums of the solved | ${sums.map((x) => `${x.solved}: ${x.expanded} expanded, ${x.cpu.toFixed(0)} ms (${x.pre.toFixed(0)})`).join(' | ')} |`);
  console.log(out.join('\n'));
  process.exit(0);
}
const rows: string[] = ['| problem | ground atoms / ops | ground ms | relevance: atoms / ops, ms | h2: atoms / ops, groups (atoms), ms (h2 + rel + groups) |', '|---|---|---|---|---|'];
for (const arg of inputs) {
  for (const src of sources(arg)) {
    const loaded = loadProblem(src);
    let t = cpu();
    const task = ground(loaded.domain, loaded.problem);
    const groundMs = cpu() - t;
    t = cpu();
    const rel = preprocess(task, 'relevance');
    const relMs = cpu() - t;
    t = cpu();
    const h2 = preprocess(task, 'h2');
    const h2Ms = cpu() - t;
    const s = h2.stats;
    const name = src.level !== undefined ? `${src.file.replace(/.*\//, '')}:${src.level}` : src.file.replace(/.*\/([^/]+\/[^/]+)$/, '$1');
    rows.push(
      `| ${name} | ${task.atoms.length} / ${task.operators.length} | ${groundMs.toFixed(0)} | ${rel.stats.atoms} / ${rel.stats.operators}, ${relMs.toFixed(0)} | ${s.atoms} / ${s.operators}, ${s.mutexGroups} (${s.groupedAtoms}), ${h2Ms.toFixed(0)} (${s.h2Ms.toFixed(0)} + ${s.relevanceMs.toFixed(0)} + ${s.groupsMs.toFixed(0)})${s.h2Skipped ? ` skipped: ${s.h2Skipped}` : ''}${h2.task.unsolvableReason ? ` unsolvable: ${h2.task.unsolvableReason}` : ''} |`,
    );
    if (showGroups) for (const g of h2.task.mutexGroups ?? []) rows.push(`    ${g.map((a) => h2.task.atoms[a]).join(' ')}`);
  }
}
console.log(rows.join('\n'));
