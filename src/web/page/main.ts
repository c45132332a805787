/**
 * The playground page: pick or edit a level (or a domain and problem),
 * choose a strategy, Solve or Compare on the server, and watch the plan.
 */
import { basicSetup, EditorView } from 'codemirror';
import { api, CallError, type ApiError, type CompareJson, type DomainInfo, type Explanation, type LevelPreset, type Options, type ProblemBody, type SolveJson } from './api.ts';
import { $, el } from './dom.ts';
import { LevelEditor } from './editor.ts';
import { OptionPanel } from './options-panel.ts';
import { icon, setIcon } from './icons.ts';
import { prolog } from './prolog-mode.ts';
import { PlanView, Replay, type PlanToShow } from './replay.ts';
import { compareView, engineName, statsRows } from './results.ts';
import { parseBoard } from './sokoban.ts';
import { decodeState, encodeState, PREFIX, ShareError, type SharedState } from './share.ts';
import { SearchView } from './search-view.ts';
import { Diagnostics } from './diagnostics.ts';
import { downloadText, planText } from './downloads.ts';
import { PddlTab } from './pddl-tab.ts';
import { count } from '../../util/words.ts';

let options: Options;
/** The generated controls of every option the page has no own control for. */
let panel: OptionPanel | null = null;
let domains: DomainInfo[] = [];
let mode: 'level' | 'domain' | 'pddl' = 'level';
let running: AbortController | null = null;
let levelPresets: LevelPreset[] = [];
/** The preset the level in the editor came from (null after an upload or a shared level of its own). */
let chosenPreset: LevelPreset | null = null;
let uploaded: { number: number; title: string | null; text: string | null; error: ApiError | null }[] = [];

const status = (text: string, kind: 'info' | 'error' | 'busy' = 'info'): void => {
  const s = $('status');
  s.textContent = text;
  s.dataset.kind = kind;
};

// ---------------------------------------------------------------- inputs

const replay = new Replay({
  root: $('replay'),
  board: $('board'),
  scrub: $<HTMLInputElement>('scrub'),
  label: $('step-label'),
  info: $('step-info'),
  facts: $('facts'),
  handHint: $('play-hint'),
  handControls: $('hand-controls'),
  play: $('play'),
  speed: $<HTMLSelectElement>('speed'),
  onStatus: (t) => status(t),
  onHandSolved: (lurd) => void checkHandPlay(lurd),
  onHandChange: (canUndo, canRedo) => {
    $<HTMLButtonElement>('hand-undo').disabled = !canUndo;
    $<HTMLButtonElement>('hand-redo').disabled = !canRedo;
  },
  onStep: followPlan,
});

/** The plan list follows the replay: the row of the step shown is highlighted and scrolled into the list's view (the list only, the page stays put). */
function followPlan(index: number): void {
  const list = $('plan');
  list.querySelectorAll('li').forEach((li, k) => {
    li.classList.toggle('current', k === index - 1);
    if (k !== index - 1) return;
    const box = list.getBoundingClientRect();
    const row = li.getBoundingClientRect();
    if (row.top < box.top) list.scrollTop -= box.top - row.top;
    else if (row.bottom > box.bottom) list.scrollTop += row.bottom - box.bottom;
  });
}
for (const [id, f] of [
  ['first', () => replay.go(0)],
  ['prev', () => replay.go(replay.index - 1)],
  ['next', () => replay.go(replay.index + 1)],
  ['last', () => replay.go(Infinity)],
  ['play', () => replay.toggle()],
] as const) {
  $(id).addEventListener('click', f);
}
for (const id of ['first', 'prev', 'next', 'last'] as const) setIcon($(id), id);
setIcon($('play'), 'play');
setIcon($('hand-undo'), 'undo');
setIcon($('hand-redo'), 'redo');
setIcon($('hand-restart'), 'restart');
$('hand-undo').addEventListener('click', () => replay.undo());
$('hand-redo').addEventListener('click', () => replay.redo());
$('hand-restart').addEventListener('click', () => replay.restart());
$('next-level').prepend(icon('nextLevel'), ' ');
$('next-level').addEventListener('click', () => collection?.next());

/** The collection the level in the editor came from (a preset file or an upload of several levels), for "next level". */
let collection: { next(): void; hasNext: boolean } | null = null;
function setCollection(c: typeof collection): void {
  collection = c;
  $('next-level').hidden = !c?.hasNext;
}

const editor = new LevelEditor($('grid'), $<HTMLTextAreaElement>('level-text'), () => {
  showError('level-error', null);
  const b = parseBoard(editor.value);
  $('replay').hidden = !b;
  if (b) replay.load(b, []);
  clearResult();
  // a level set without an event of its own (an upload read, a shared link): the Search view checks its trace is still the page's
  searchView.checkStale();
});

// the editor wraps long lines; after an edit the lint's warnings of the texts are asked for (diagnostics.ts)
const domainView = new EditorView({
  doc: '',
  extensions: [
    basicSetup,
    prolog,
    EditorView.lineWrapping,
    EditorView.updateListener.of((u) => {
      if (!u.docChanged) return;
      diagnostics.schedule();
      searchView.checkStale();
      checkResultStale();
    }),
  ],
  parent: $('domain-editor'),
});
const domainText = (): string => domainView.state.doc.toString();
const setDomainText = (t: string): void => domainView.dispatch({ changes: { from: 0, to: domainView.state.doc.length, insert: t } });

function selectedDomain(): DomainInfo | undefined {
  return domains.find((d) => d.id === $<HTMLSelectElement>('domain-select').value);
}

function setMode(m: 'level' | 'domain' | 'pddl'): void {
  mode = m;
  $('tab-level').setAttribute('aria-selected', String(m === 'level'));
  $('tab-domain').setAttribute('aria-selected', String(m === 'domain'));
  $('tab-pddl').setAttribute('aria-selected', String(m === 'pddl'));
  $('level-pane').hidden = m !== 'level';
  $('domain-pane').hidden = m !== 'domain';
  $('pddl-pane').hidden = m !== 'pddl';
  // the inputs' column is wider in the Domain & problem and PDDL tabs (style.css)
  document.querySelector('main')!.dataset.mode = m;
  $('problem-box').hidden = Boolean(selectedDomain()?.sokoban);
  fillStrategies();
}
$('tab-level').addEventListener('click', () => setMode('level'));
$('tab-domain').addEventListener('click', () => {
  setMode('domain');
  diagnostics.schedule();
});
$('tab-pddl').addEventListener('click', () => setMode('pddl'));

function onDomainChosen(): void {
  const d = selectedDomain();
  if (!d) return;
  setDomainText(d.text);
  const ps = $<HTMLSelectElement>('problem-select');
  ps.replaceChildren(...d.problems.map((p) => el('option', { value: p.file, textContent: p.file.replace(/^domains\//, '') })));
  $<HTMLTextAreaElement>('problem-text').value = d.problems[0]?.text ?? 'init([]).\ngoal([]).\n';
  $('problem-box').hidden = d.sokoban;
  for (const id of ['domain-error', 'problem-error']) showError(id, null);
  fillStrategies();
}
$('domain-select').addEventListener('change', onDomainChosen);
$('problem-select').addEventListener('change', () => {
  const p = selectedDomain()?.problems.find((x) => x.file === $<HTMLSelectElement>('problem-select').value);
  if (p) $<HTMLTextAreaElement>('problem-text').value = p.text;
  diagnostics.schedule();
});

// ---------------------------------------------------------------- authoring: lint marks, the PDDL tab, downloads

/** The lint's warnings and errors: under-lined in the domain editor, listed under the problem (or level). */
const diagnostics = new Diagnostics(domainView, { problem: $('problem-lint'), level: $('level-lint') }, () => {
  // the texts of the Domain & problem tab only (a level's warnings come with its solve)
  if (mode !== 'domain') return null;
  const body = problemBody();
  // a level with the server's own domain: the editor shows another domain, whose own checks are the ones asked for
  if ('level' in body && body.domain === undefined) return { domain: domainText() };
  return body;
});
$('problem-text').addEventListener('input', () => diagnostics.schedule());

/** The value of the domain select for opn texts of one's own (the PDDL tab's "use this"). */
const OWN_DOMAIN = 'own';

/** Puts a domain of one's own (no bundled one) and its problem into the Domain & problem tab (the PDDL tab's "use this", a shared link). */
function useOwnDomain(domain: string, problem: string | undefined): void {
  const select = $<HTMLSelectElement>('domain-select');
  if (!select.querySelector(`option[value="${OWN_DOMAIN}"]`)) select.append(el('option', { value: OWN_DOMAIN, textContent: '(from the PDDL tab)' }));
  select.value = OWN_DOMAIN;
  $<HTMLSelectElement>('problem-select').replaceChildren();
  setDomainText(domain);
  $<HTMLTextAreaElement>('problem-text').value = problem ?? 'init([]).\ngoal([]).\n';
  for (const id of ['domain-error', 'problem-error']) showError(id, null);
}

const pddlTab = new PddlTab({
  status,
  use(domain, problem) {
    useOwnDomain(domain, problem);
    setMode('domain');
    status('the opn texts are in the Domain & problem tab: press Solve');
  },
});

/** A file name from a bundled file's path ("domains/robot.pl" → "robot.pl"), else `fallback`. */
const fileName = (path: string | undefined, fallback: string): string => path?.replace(/^.*\//, '') || fallback;

$('dl-domain').addEventListener('click', () => downloadText(fileName(selectedDomain()?.file, 'domain.pl'), domainText()));
$('dl-problem').addEventListener('click', () => downloadText(fileName($<HTMLSelectElement>('problem-select').value, 'problem.pl'), $<HTMLTextAreaElement>('problem-text').value));
$('dl-level').addEventListener('click', () => downloadText('level.txt', editor.value));

/** The plan on screen, for its downloads (null: none). */
let shownPlan: { plan: string[]; lurd?: string; body: ProblemBody } | null = null;

/** Offers the downloads of a plan (`which`: the engine that found it, after a comparison). */
function showPlanDownloads(p: typeof shownPlan, which?: string): void {
  shownPlan = p;
  $('plan-downloads').hidden = !p;
  $('plan-which').textContent = p && which ? ` of ${which}` : '';
  $('dl-lurd').hidden = p?.lurd === undefined;
}
$('dl-plan').addEventListener('click', () => shownPlan && downloadText('plan.txt', planText(shownPlan.plan)));
$('dl-lurd').addEventListener('click', () => shownPlan?.lurd !== undefined && downloadText('plan.lurd', `${shownPlan.lurd}\n`));
$('dl-pddl-plan').addEventListener('click', async () => {
  if (!shownPlan) return;
  try {
    // the names `solve --plan-format pddl` prints: the server validates the plan and writes it (POST /api/pddl)
    const r = await api.toPddl({ ...shownPlan.body, plan: shownPlan.plan });
    downloadText('sas_plan.txt', r.plan ?? '');
  } catch (err) {
    reportError(err);
  }
});

/** The problem part of a request from what the page shows. */
function problemBody(): ProblemBody {
  const d = selectedDomain();
  const text = domainText();
  // the PDDL tab solves its PDDL texts directly (the server reads a text that starts with `(define` as PDDL)
  if (mode === 'pddl') return { problem: pddlTab.pddl().problem, domain: pddlTab.pddl().domain };
  // a domain of one's own (no bundled one chosen: from the PDDL tab's "use this") solves the problem below it
  const problemMode = mode === 'domain' && (!d || !d.sokoban);
  if (problemMode) return { problem: $<HTMLTextAreaElement>('problem-text').value, domain: text };
  // a level: with the domain shown if it is a Sokoban one (possibly edited), else the server's sokoban.pl
  return d?.sokoban && (d.id !== 'sokoban' || text !== d.text) ? { level: editor.value, domain: text } : { level: editor.value };
}

// ---------------------------------------------------------------- presets and upload

function showPresets(levels: LevelPreset[]): void {
  const box = $('presets');
  const byFile = new Map<string, LevelPreset[]>();
  for (const l of levels) byFile.set(l.file, [...(byFile.get(l.file) ?? []), l]);
  box.replaceChildren(
    ...[...byFile].map(([file, ls]) =>
      el(
        'details',
        { open: ls.length <= 12 },
        el('summary', { textContent: file.replace(/^maps\//, '') }),
        ...ls.map((l, k) => {
          const b = el('button', { className: 'preset', textContent: `${l.level}. ${l.title ?? 'untitled'}`, title: `${l.file}, level ${l.level}` });
          b.dataset.id = l.id;
          b.addEventListener('click', () => {
            for (const x of box.querySelectorAll('.preset')) x.classList.toggle('chosen', x === b);
            chosenPreset = l;
            setMode('level');
            editor.set(l.text);
            const next = ls[k + 1];
            setCollection(next ? { hasNext: true, next: () => box.querySelector<HTMLButtonElement>(`.preset[data-id="${next.id}"]`)?.click() } : null);
            status(`loaded ${l.file}, level ${l.level}${l.title ? ` (${l.title})` : ''}: press Solve`);
          });
          return b;
        }),
      ),
    ),
  );
}

$<HTMLInputElement>('upload').addEventListener('change', async (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (!file) return;
  const text = await file.text();
  if (/\.pl$/i.test(file.name)) {
    setMode('domain');
    if (/^\s*opn\s*\(/m.test(text)) {
      setDomainText(text);
      status(`loaded the domain ${file.name} into the domain editor`);
    } else {
      $<HTMLTextAreaElement>('problem-text').value = text;
      status(`loaded the problem ${file.name}`);
    }
    searchView.checkStale();
    checkResultStale();
    return;
  }
  try {
    uploaded = await api.scan(text);
  } catch (err) {
    return reportError(err, 'level-error');
  }
  const pick = $<HTMLSelectElement>('upload-levels');
  pick.replaceChildren(...uploaded.map((l) => el('option', { value: String(l.number), textContent: `${l.number}. ${l.title ?? 'untitled'}${l.error ? ' (has errors)' : ''}` })));
  pick.hidden = uploaded.length < 2;
  setMode('level');
  loadUploaded(uploaded[0]?.number ?? 1, file.name, text);
});
$('upload-levels').addEventListener('change', (e) => loadUploaded(Number((e.target as HTMLSelectElement).value), 'the upload'));

function loadUploaded(n: number, name: string, whole?: string): void {
  const l = uploaded.find((x) => x.number === n);
  if (!l) return;
  choosePreset(null);
  editor.set(l.text ?? whole ?? '');
  if (l.error) showError('level-error', l.error);
  const next = uploaded.find((x) => x.number > n);
  setCollection(
    next
      ? {
          hasNext: true,
          next: () => {
            $<HTMLSelectElement>('upload-levels').value = String(next.number);
            loadUploaded(next.number, name, whole);
          },
        }
      : null,
  );
  status(`loaded ${name}, level ${n} of ${uploaded.length}`);
}

// ---------------------------------------------------------------- search options

function fillSelect(id: string, items: { value: string; label: string }[], keep = true): void {
  const s = $<HTMLSelectElement>(id);
  const old = s.value;
  s.replaceChildren(...items.map((i) => el('option', { value: i.value, textContent: i.label })));
  if (keep && items.some((i) => i.value === old)) s.value = old;
}

const isLevelProblem = (): boolean => 'level' in problemBody();

function fillStrategies(): void {
  if (!options) return;
  const backend = $<HTMLSelectElement>('backend').value;
  const level = isLevelProblem();
  const list = options.strategies.filter((s) => (backend === 'prolog' ? s.prolog : true) && (level || !s.needsLevel));
  fillSelect('algo', [{ value: '', label: `default (${defaultAlgo()})` }, ...list.map((s) => ({ value: s.name, label: s.name }))]);
  fillHeuristics();
}

/** The strategy the server runs when none is chosen. */
function defaultAlgo(): string {
  // as DEFAULT_ALGO (src/options): a problem with a time limit gets lama
  return $<HTMLSelectElement>('backend').value === 'prolog' ? 'iddfs' : isLevelProblem() ? 'auto' : $<HTMLInputElement>('timeout').value ? 'lama' : 'bfs';
}

/** The generated options for the chosen (or default) strategy and backend. */
function fillOptionPanel(): void {
  if (!options || !panel) return;
  const name = $<HTMLSelectElement>('algo').value || defaultAlgo();
  const backend = $<HTMLSelectElement>('backend').value;
  // a strategy's own options are the TypeScript search's: the Prolog planning theory takes none of them
  panel.render(options.options ?? [], backend === 'prolog' ? undefined : options.strategies.find((x) => x.name === name), backend);
}

function fillHeuristics(): void {
  const s = options.strategies.find((x) => x.name === $<HTMLSelectElement>('algo').value);
  const level = isLevelProblem();
  const hs = (s?.heuristics ?? []).filter((h) => level || !options.heuristics.find((x) => x.name === h)?.needsLevel);
  const def = s ? (level ? (s.levelHeuristic ?? s.defaultHeuristic) : s.defaultHeuristic) : null;
  fillSelect('heuristic', [{ value: '', label: def ? `default (${def})` : 'default' }, ...hs.map((h) => ({ value: h, label: h }))]);
  $('heuristic').closest('label')!.hidden = Boolean(s) && hs.length === 0;
  $('algo-summary').textContent = s ? s.summary : 'default: a portfolio for levels (auto), breadth-first search for Prolog problems';
  fillOptionPanel();
}
$('backend').addEventListener('change', fillStrategies);
$('algo').addEventListener('change', fillHeuristics);

function searchBody(compare = false): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  const v = (id: string): string => $<HTMLInputElement | HTMLSelectElement>(id).value;
  if (v('algo')) b.algo = v('algo');
  if (v('heuristic') && !$('heuristic').closest('label')!.hidden) b.heuristic = v('heuristic');
  if (v('backend') === 'prolog' && !compare) b.backend = 'prolog';
  Object.assign(b, panel?.values(compare));
  if (v('timeout')) b.timeout = Number(v('timeout'));
  if (v('max-nodes')) b.maxNodes = Number(v('max-nodes'));
  return b;
}

// ---------------------------------------------------------------- errors

/** Shows a located error next to its input (and selects the place in a text area), or hides the box. */
function showError(id: string, e: ApiError | null): void {
  const box = $(id);
  box.hidden = !e;
  if (!e) return;
  const where = e.line !== undefined ? `line ${e.line}, column ${e.column ?? 1}: ` : '';
  const more = (e.all?.length ?? 0) > 1 ? ` (and ${e.all!.length - 1} more)` : '';
  box.textContent = `${where}${e.message}${more}`;
  box.dataset.line = String(e.line ?? '');
  box.dataset.column = String(e.column ?? '');
}

function reportError(err: unknown, fallbackBox?: string): void {
  if (!(err instanceof CallError)) {
    if ((err as Error).name === 'AbortError') return status('cancelled');
    return status(`error: ${(err as Error).message}`, 'error');
  }
  const e = err.error;
  // a request error naming an option: shown next to that option
  if (e.file === '<request>' && panel?.showError(e.message)) return status(`error: ${e.message}`, 'error');
  // a strategy the chosen backend (or Compare's Prolog side) does not run: next to the strategy
  const algo = $<HTMLSelectElement>('algo').value;
  if ((e.file === '<request>' || e.file === '<options>' || e.file === undefined) && algo && new RegExp(`\\bnot ${algo}$|\\bstrategy\\b`).test(e.message)) {
    showError('algo-error', { message: e.message });
    return status(`error: ${e.message}`, 'error');
  }
  // the PDDL tab's texts: its error box, the tab stays
  if (mode === 'pddl' && (e.file === '<domain>' || e.file === '<problem>')) {
    showError('pddl-error', { ...e, message: `${e.file === '<domain>' ? 'domain' : 'problem'}: ${e.message}` });
    return status(`error: ${e.message}`, 'error');
  }
  const box = e.file === '<level>' ? 'level-error' : e.file === '<domain>' ? 'domain-error' : e.file === '<problem>' ? 'problem-error' : fallbackBox;
  if (box) {
    if (box !== 'level-error') setMode('domain');
    else setMode('level');
    showError(box, e);
    if (box === 'level-error' && e.line !== undefined) selectInTextarea($<HTMLTextAreaElement>('level-text'), e.line, e.column ?? 1);
    if (box === 'problem-error' && e.line !== undefined) selectInTextarea($<HTMLTextAreaElement>('problem-text'), e.line, e.column ?? 1);
    if (box === 'domain-error' && e.line !== undefined) selectDomainLine(e.line);
  }
  status(err.status === 503 ? e.message : `error: ${e.message}`, 'error');
}

function selectInTextarea(t: HTMLTextAreaElement, line: number, column: number): void {
  const lines = t.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + Math.max(0, column - 1);
  t.setSelectionRange(start, Math.min(t.value.length, start + 1));
}

function selectDomainLine(n: number): void {
  const doc = domainView.state.doc;
  const line = doc.line(Math.min(Math.max(1, n), doc.lines));
  domainView.dispatch({ selection: { anchor: line.from, head: line.to }, scrollIntoView: true });
}

// ---------------------------------------------------------------- solving

/** The input texts the answer on screen was asked for (null: no answer): an edit since, or during the run, makes it another problem's answer. */
let answeredTexts: string | null = null;
/** The texts of the inputs (not the tab shown: looking at the domain does not change the problem). */
const inputTexts = (): string => JSON.stringify([editor.value, domainText(), $<HTMLTextAreaElement>('problem-text').value, pddlTab.pddl()]);

/** Says so when the texts on the page are no longer those of the answer on screen. */
function checkResultStale(): void {
  $('result-stale').hidden = answeredTexts === null || inputTexts() === answeredTexts;
}
for (const type of ['input', 'change']) document.addEventListener(type, () => checkResultStale());

function clearResult(): void {
  answeredTexts = null;
  $('result-stale').hidden = true;
  $('verdict').textContent = '';
  delete $('verdict').dataset.status;
  $('stats').replaceChildren();
  $('plan').replaceChildren();
  $('ops-used').replaceChildren();
  $('lurd-row').hidden = true;
  showPlanDownloads(null);
  $('compare-view').hidden = true;
  showError('result-error', null);
}

async function run(kind: 'solve' | 'compare'): Promise<void> {
  running?.abort();
  const ctl = new AbortController();
  running = ctl;
  for (const id of ['level-error', 'domain-error', 'problem-error', 'algo-error', 'pddl-error']) showError(id, null);
  panel?.clearErrors();
  clearResult();
  hideReplay();
  setBusy(true);
  status(kind === 'solve' ? 'solving…' : 'solving with both backends…', 'busy');
  const t0 = performance.now();
  try {
    const problem = problemBody();
    const texts = inputTexts();
    const body: ProblemBody & Record<string, unknown> = { ...problem, ...searchBody(kind === 'compare') };
    const took = (): string => `${((performance.now() - t0) / 1000).toFixed(2)} s (round trip)`;
    if (kind === 'solve') {
      const r = await api.solve(body, ctl.signal);
      await showSolve(r, problem, ctl.signal);
      if (!ctl.signal.aborted) answered(texts);
      if (r.status === 'solved') status(`solved in ${took()}`);
      else if (r.status === 'unsolvable') status(`no plan exists (answered in ${took()})`, 'error');
      else status(`stopped by a limit${r.stats.limit ? ` (${r.stats.limit})` : ''} after ${took()}: no plan found`, 'error');
    } else {
      await showCompare(await api.compare(body, ctl.signal), problem, ctl.signal);
      if (!ctl.signal.aborted) answered(texts);
      status(`compared in ${took()}`);
    }
  } catch (err) {
    clearResult();
    hideReplay();
    reportError(err);
    if (err instanceof CallError && err.status === 400 && err.error.file !== '<request>') diagnostics.showError(err.error);
    // the Result panel says it too, so the error is where the answer was expected
    if (err instanceof CallError) showError('result-error', { message: `${kind === 'compare' ? 'Compare' : 'Solve'} failed: ${err.error.message}` });
  } finally {
    if (running === ctl) running = null;
    setBusy(false);
  }
}

/** The answer on screen is of `texts` (an edit made while it was computed shows as a change since). */
function answered(texts: string): void {
  answeredTexts = texts;
  checkResultStale();
}

/** No replay: nothing of an earlier plan stays on screen. */
function hideReplay(): void {
  replay.load(null, []);
  $('replay').hidden = true;
}

function setBusy(busy: boolean): void {
  $<HTMLButtonElement>('solve').disabled = busy;
  $<HTMLButtonElement>('compare').disabled = busy;
  $<HTMLButtonElement>('cancel').disabled = !busy;
}

$('solve').addEventListener('click', () => void run('solve'));
$('compare').addEventListener('click', () => void run('compare'));
$('cancel').addEventListener('click', () => running?.abort());

// ---------------------------------------------------------------- search view

/** The Search view: Trace runs the problem and options of the page with the tracer (search-view.ts). */
const searchView = new SearchView($('search-view'), {
  body: () => ({ ...problemBody(), ...searchBody() }),
  status,
  limits: () => options?.limits ?? {},
});

async function showSolve(r: SolveJson, body: ProblemBody, signal: AbortSignal): Promise<void> {
  $('verdict').textContent = r.status === 'solved' ? `Solved: ${count(r.length, 'step')}.` : r.status === 'unsolvable' ? `No plan exists: ${r.reason ?? ''}` : `Stopped by a limit: ${r.reason ?? ''}`;
  $('verdict').dataset.status = r.status;
  $('stats').replaceChildren(...statsRows(r).map(([k, v]) => el('tr', {}, el('th', { textContent: k }), el('td', { textContent: v }))));
  // the answer's lint warnings where the texts are
  diagnostics.show(r.warnings ?? []);
  if (r.status !== 'solved') return;
  showPlanDownloads({ plan: r.plan, lurd: r.lurd, body });
  if (r.lurd !== undefined) {
    $('lurd').textContent = r.lurd;
    $('lurd-row').hidden = false;
  }
  $('plan').replaceChildren(
    ...r.plan.map((s, i) => {
      const li = el('li', { textContent: s });
      li.addEventListener('click', () => replay.go(i + 1));
      return li;
    }),
  );
  showOperatorsUsed(r.plan, solvedDomain(body));
  let explanation: Explanation | undefined;
  try {
    explanation = await api.explain({ ...body, plan: r.plan }, signal);
  } catch {
    // the replay works without the explanations
  }
  const start = 'level' in body ? parseBoard(body.level) : null;
  replay.load(start, r.plan, { lurd: r.lurd, explanation });
  $('replay').hidden = false;
  replay.go(0);
}

/** The domain a request solves with: the one it sends, else the server's sokoban.pl (a level). */
function solvedDomain(body: ProblemBody): { id: string | undefined; text: string } {
  if (body.domain !== undefined) return { id: selectedDomain()?.id, text: body.domain };
  const d = domains.find((x) => x.id === 'sokoban');
  return { id: d?.id, text: d?.text ?? '' };
}

function showOperatorsUsed(plan: string[], domain: { id: string | undefined; text: string }): void {
  const counts = new Map<string, number>();
  for (const s of plan) {
    const n = s.replace(/\(.*$/, '');
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  const lines = domain.text.split('\n');
  $('ops-used').replaceChildren(
    'operators used: ',
    ...[...counts].flatMap(([name, n]) => {
      const line = lines.findIndex((l) => new RegExp(`opn\\(\\s*${name}\\b`).test(l)) + 1;
      const b = el('button', { className: 'link', textContent: `${name} ×${n}${line ? ` (line ${line})` : ''}` });
      b.dataset.line = String(line);
      b.addEventListener('click', () => {
        // the domain that solved this plan, even if the editor shows another one now
        if (domainText() !== domain.text) {
          if (domain.id && domain.id !== $<HTMLSelectElement>('domain-select').value) {
            $<HTMLSelectElement>('domain-select').value = domain.id;
            onDomainChosen();
          }
          setDomainText(domain.text);
          status(`the domain editor shows the domain that solved this plan (${selectedDomain()?.file ?? 'sent with the request'})`);
        }
        setMode('domain');
        if (line) selectDomainLine(line);
      });
      return [b, ' '];
    }),
  );
}

$('copy-lurd').addEventListener('click', async () => {
  const text = $('lurd').textContent ?? '';
  try {
    await navigator.clipboard.writeText(text);
    status('LURD copied');
  } catch {
    const range = document.createRange();
    range.selectNodeContents($('lurd'));
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    status('LURD selected: press Ctrl+C to copy');
  }
});

/** The columns of a comparison's replay: a view per backend. */
const sideViews = {
  ts: sideView('side-ts'),
  prolog: sideView('side-prolog'),
};
function sideView(id: string): PlanView {
  const part = (cls: string): HTMLElement => $(id).querySelector<HTMLElement>(`.${cls}`)!;
  return new PlanView({ board: part('side-board'), info: part('side-info'), facts: part('side-facts') });
}

/** A comparison: the verdict and tables, and both plans replayed in step (a board or the facts per backend; a side without a plan says why in its column). */
async function showCompare(c: CompareJson, body: ProblemBody, signal: AbortSignal): Promise<void> {
  const v = compareView(c);
  $('verdict').textContent = v.verdict;
  $('verdict').dataset.status = v.agree ? 'solved' : 'limit';
  $('compare-view').replaceChildren(v.table);
  $('compare-view').hidden = false;
  const start = 'level' in body ? parseBoard(body.level) : null;
  const sides = await Promise.all(
    (['ts', 'prolog'] as const).map(async (k): Promise<PlanToShow & { view: PlanView }> => {
      const r = c[k];
      const column = $(`side-${k}`);
      column.querySelector('.side-name')!.textContent = engineName(r);
      const error = column.querySelector<HTMLElement>('.side-error')!;
      error.hidden = r.status === 'solved';
      error.textContent = r.status === 'unsolvable' ? `No plan exists: ${r.reason ?? ''}` : r.status === 'limit' ? `Stopped by a limit: ${r.reason ?? ''}` : '';
      if (r.status !== 'solved') return { view: sideViews[k], start: null, plan: [] };
      const explanation = await api.explain({ ...body, plan: r.plan }, signal).catch(() => undefined);
      return { view: sideViews[k], start, plan: r.plan, lurd: r.lurd, explanation };
    }),
  );
  if (signal.aborted) return; // a newer run owns the Result panel now
  // the downloads offer the TypeScript search's plan (else the Prolog one), named as its column is
  const k = (['ts', 'prolog'] as const).find((x) => c[x].status === 'solved');
  if (k) showPlanDownloads({ plan: c[k].plan, lurd: c[k].lurd, body }, engineName(c[k]));
  replay.loadInStep(sides);
  $('replay').hidden = false;
}

/** A level solved by hand: the server's validator confirms it. */
async function checkHandPlay(lurd: string): Promise<void> {
  try {
    const v = await api.validate({ level: editor.value, lurd });
    status(v.valid ? `solved by hand in ${lurd.length} moves — the validator agrees (LURD ${lurd})` : `the validator rejects it: ${v.failure?.message}`, v.valid ? 'info' : 'error');
  } catch (err) {
    reportError(err);
  }
}

// ---------------------------------------------------------------- share

/** No preset chosen (an upload, or a shared level without one). */
function choosePreset(l: null): void {
  chosenPreset = l;
  for (const x of $('presets').querySelectorAll('.preset')) x.classList.remove('chosen');
}

const normalised = (t: string): string => t.replace(/\r\n?/g, '\n');

/** The page as it is now: what a shared link carries. */
function pageState(): SharedState {
  const v = (id: string): string => $<HTMLInputElement | HTMLSelectElement>(id).value;
  const s: SharedState = { v: 1, mode };
  if (chosenPreset) s.preset = chosenPreset.id;
  if (!chosenPreset || editor.value !== normalised(chosenPreset.text)) s.level = editor.value;
  const d = selectedDomain();
  if (d) {
    s.domain = d.id;
    if (domainText() !== d.text) s.domainText = domainText();
    const p = d.problems.find((x) => x.file === v('problem-select'));
    if (p) s.problem = p.file;
    if (!d.sokoban && v('problem-text') !== (p?.text ?? '')) s.problemText = v('problem-text');
  } else if (v('domain-select') === OWN_DOMAIN) {
    // a domain of one's own (the PDDL tab's "use this"): its text, as no server has it
    s.ownDomain = domainText();
    s.problemText = v('problem-text');
  }
  const pddl = pddlTab.pddl();
  if (pddl.domain) s.pddlDomain = pddl.domain;
  if (pddl.problem) s.pddlProblem = pddl.problem;
  s.backend = v('backend');
  for (const k of ['algo', 'heuristic', 'timeout'] as const) if (v(k)) s[k] = v(k);
  if (v('max-nodes')) s.maxNodes = v('max-nodes');
  const o = panel?.userValues() ?? {};
  if (Object.keys(o).length) s.options = o;
  const limit = searchView.sharedLimit();
  if (limit !== undefined) s.traceLimit = limit;
  return s;
}

/** Restores a shared page: checks every name it uses first (nothing is applied from a link naming what this server lacks), runs nothing. */
function applyState(s: SharedState): void {
  const preset = s.preset === undefined ? null : levelPresets.find((l) => l.id === s.preset);
  if (preset === undefined) throw new ShareError(`the link names a preset this server does not have (${s.preset})`);
  const d = s.domain === undefined ? undefined : domains.find((x) => x.id === s.domain);
  if (s.domain !== undefined && !d) throw new ShareError(`the link names a domain this server does not have (${s.domain})`);
  if (s.problem !== undefined && !d?.problems.some((p) => p.file === s.problem)) throw new ShareError(`the link names a problem this server does not have (${s.problem})`);
  if (s.backend !== undefined && !options.backends.includes(s.backend)) throw new ShareError(`the link names a backend this server does not have (${s.backend})`);
  if (s.algo !== undefined && !options.strategies.some((x) => x.name === s.algo)) throw new ShareError(`the link names an unknown strategy (${s.algo})`);
  if (s.heuristic !== undefined && !options.heuristics.some((x) => x.name === s.heuristic)) throw new ShareError(`the link names an unknown heuristic (${s.heuristic})`);
  if (s.preset === undefined && s.level === undefined) throw new ShareError('the link has neither a preset nor a level');
  if (s.ownDomain !== undefined && s.domain !== undefined) throw new ShareError('the link names a domain and carries one of its own');

  if (d) {
    $<HTMLSelectElement>('domain-select').value = d.id;
    onDomainChosen();
    if (s.problem !== undefined) {
      $<HTMLSelectElement>('problem-select').value = s.problem;
      $<HTMLTextAreaElement>('problem-text').value = d.problems.find((p) => p.file === s.problem)!.text;
    }
    if (s.domainText !== undefined) setDomainText(s.domainText);
    if (s.problemText !== undefined) $<HTMLTextAreaElement>('problem-text').value = s.problemText;
  } else if (s.ownDomain !== undefined) useOwnDomain(s.ownDomain, s.problemText);
  pddlTab.setPddl(s.pddlDomain ?? '', s.pddlProblem ?? '');
  if (preset) $('presets').querySelector<HTMLButtonElement>(`.preset[data-id="${CSS.escape(preset.id)}"]`)?.click();
  else {
    choosePreset(null);
    setCollection(null);
  }
  if (s.level !== undefined) editor.set(s.level);
  panel?.restore(s.options ?? {});
  if (s.backend !== undefined) $<HTMLSelectElement>('backend').value = s.backend;
  setMode(s.mode);
  if (s.algo !== undefined) {
    $<HTMLSelectElement>('algo').value = s.algo;
    if ($<HTMLSelectElement>('algo').value !== s.algo) throw new ShareError(`the strategy ${s.algo} does not run here (backend ${$<HTMLSelectElement>('backend').value})`);
  }
  fillHeuristics();
  if (s.heuristic !== undefined) $<HTMLSelectElement>('heuristic').value = s.heuristic;
  $<HTMLInputElement>('timeout').value = s.timeout ?? String(options.limits.defaultTimeout);
  $<HTMLInputElement>('max-nodes').value = s.maxNodes ?? '';
  searchView.restoreLimit(s.traceLimit);
  const what =
    s.mode === 'pddl'
      ? "the PDDL tab's domain and problem"
      : s.mode === 'domain' && s.ownDomain !== undefined
        ? 'a domain of its own with its problem'
        : s.mode === 'domain' && d && !d.sokoban
          ? `${d.file} with ${s.problem ?? 'a problem'}${s.problemText !== undefined ? ' (edited)' : ''}`
          : preset
            ? `${preset.file}, level ${preset.level}${s.level !== undefined ? ' (edited)' : ''}`
            : 'a level of its own';
  status(`opened a shared link: ${what}: press Solve`);
}

/** The page of the link in the address bar, if it has one; a broken link leaves the default page and says why. */
async function openSharedLink(defaults: () => void): Promise<void> {
  if (!location.hash.startsWith(PREFIX)) return;
  try {
    const s = await decodeState(location.hash);
    defaults();
    applyState(s);
  } catch (err) {
    if (!(err instanceof ShareError)) throw err;
    defaults();
    status(`${err.message}: showing the default page instead`, 'error');
  }
}

$('share').addEventListener('click', async () => {
  const url = `${location.origin}${location.pathname}${await encodeState(pageState())}`;
  history.replaceState(null, '', url);
  const box = $<HTMLInputElement>('share-link');
  box.value = url;
  $('share-row').hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    status(`link copied (${url.length} characters): opening it restores this page and runs nothing until Solve`);
  } catch {
    box.select();
    status(`the link is below (${url.length} characters), selected: press Ctrl+C to copy`);
  }
});

// ---------------------------------------------------------------- start

async function start(): Promise<void> {
  try {
    const [levels, ds, opts] = await Promise.all([api.levels(), api.domains(), api.options()]);
    options = opts;
    domains = ds;
    fillSelect('backend', opts.backends.map((b) => ({ value: b, label: b === 'ts' ? 'ts (TypeScript search)' : 'prolog (planning theory)' })));
    panel = new OptionPanel($('more-options'), new Set(['algo', 'heuristic', 'backend', 'timeout', 'maxNodes']), { engine: opts.engines });
    fillSelect('domain-select', ds.map((d) => ({ value: d.id, label: d.file.replace(/^domains\//, '') })));
    $<HTMLInputElement>('timeout').value = String(opts.limits.defaultTimeout);
    $<HTMLInputElement>('timeout').max = String(opts.limits.maxTimeout);
    $<HTMLInputElement>('max-nodes').placeholder = `up to ${opts.limits.maxNodes.toLocaleString('en')}`;
    searchView.setLimits();
    levelPresets = levels;
    showPresets(levels);
    const defaults = (): void => {
      $<HTMLSelectElement>('domain-select').selectedIndex = 0;
      onDomainChosen();
      const first = levels.find((l) => l.file.endsWith('demo.txt')) ?? levels[0];
      choosePreset(null);
      setCollection(null);
      if (first) editor.set(first.text);
      panel?.restore({});
      $<HTMLSelectElement>('backend').selectedIndex = 0;
      setMode('level');
      $<HTMLSelectElement>('algo').value = '';
      fillHeuristics();
      $<HTMLInputElement>('timeout').value = String(opts.limits.defaultTimeout);
      $<HTMLInputElement>('max-nodes').value = '';
      pddlTab.setPddl('', '');
      searchView.setLimits();
    };
    defaults();
    status('ready: pick a preset (or edit the level) and press Solve');
    await openSharedLink(defaults);
    addEventListener('hashchange', () => void openSharedLink(defaults));
  } catch (err) {
    reportError(err);
  }
}

void start();
