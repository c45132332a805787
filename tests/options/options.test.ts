/**
 * The options of a solve are declared once (src/options/: the table of
 * every solve's options, and each strategy's and heuristic's own on its
 * record): the command line's flags, the web API's schema, /api/options's
 * lists, the bench's configurations and the help lines are generated from
 * the declarations, and one checker gives the same messages to the command
 * line and the web, each naming the option as its source does.
 */
import { describe, expect, it } from 'vitest';
import {
  backendFlags,
  configFrom,
  defaultMaxMemoryMb,
  fieldName,
  flagHelpLines,
  flagSpecs,
  optionCatalog,
  requestSchemaProperties,
  searchFlags,
  solveOptionList,
  solveOptionsFrom,
  STOCHASTIC,
  UsageError,
  type OptionContext,
  type OptionRegistry,
} from '../../src/options/index.ts';
import { heuristics, strategies, strategyNames } from '../../src/plugins/index.ts';
import { SWITCH_OPTIONS } from '../../src/plugins/sokoban/switches.ts';
import type { Heuristic } from '../../src/heuristics/types.ts';
import type { Strategy } from '../../src/search/types.ts';

/** The Sokoban push-level search's switches (one per technique, src/plugins/sokoban/switches.ts): declared by push, push-greedy, optimal-pushes and auto. */
const SW = SWITCH_OPTIONS.map((o) => o.name);
const swFields = SW.map(fieldName);

const cli: OptionContext = { from: 'cli', mode: 'solve' };
const web: OptionContext = { from: 'web', mode: 'solve' };

/** The message of the UsageError that checking these values throws. */
function refused(values: Record<string, unknown>, context: OptionContext, reg?: OptionRegistry): string {
  try {
    solveOptionsFrom(values, context, reg);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error(`accepted: ${JSON.stringify(values)}`);
}

describe('generated from the declarations', () => {
  it('every option a strategy or heuristic record declares is a flag and a field of the web schema', () => {
    const declared = [...Object.values(strategies), ...Object.values(heuristics)].flatMap((r) => r.options ?? []);
    expect(SW).toEqual(['corrals', 'corral-backing', 'corral-merge', 'frozen-goals', 'sides', 'macros', 'patterns', 'stuck', 'pi-corrals', 'packing', 'parking', 'features', 'out-of-plan', 'goal-macros', 'box-macros', 'groups', 'orientations', 'meet', 'advisors', 'novelty']);
    // each switch by the four push-level strategies
    expect(declared.map((d) => d.name).sort()).toEqual([...SW.flatMap((s) => [s, s, s, s]), 'improve', 'improve', 'lazy', 'preferred', 'temperature', 'tt', 'weight', 'weight', 'width'].sort());
    const schema = requestSchemaProperties();
    for (const d of declared) {
      expect(searchFlags[d.name], d.name).toEqual({ type: d.type === 'boolean' ? 'boolean' : 'string' });
      expect(schema[fieldName(d.name)], d.name).toMatchObject({ type: d.type === 'enum' ? 'string' : d.type });
    }
  });

  it("the flags and the web's fields are today's, camel-cased where the flag has a dash", () => {
    expect(Object.keys(searchFlags).sort()).toEqual(['algo', 'cycle', 'heuristic', 'improve', 'lazy', 'max-memory', 'max-nodes', 'preferred', 'preprocess', 'prune', 'seed', 'temperature', 'timeout', 'tt', 'weight', 'width', ...SW].sort());
    expect(backendFlags).toEqual({ backend: { type: 'string' }, theory: { type: 'string' }, engine: { type: 'string' } });
    // max-memory is the server's to set, not a request's
    expect(Object.keys(requestSchemaProperties()).sort()).toEqual(['algo', 'backend', 'cycle', 'engine', 'heuristic', 'improve', 'lazy', 'maxNodes', 'preferred', 'preprocess', 'prune', 'seed', 'strict', 'temperature', 'theory', 'timeout', 'tt', 'weight', 'width', ...swFields].sort());
  });

  it('the web schema of each option: its type, choices and range, with the server caps the declarations carry', () => {
    const s = requestSchemaProperties();
    expect(s.weight).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 1000 });
    expect(s.width).toEqual({ type: 'integer', minimum: 1, maximum: 100_000 });
    expect(s.seed).toEqual({ type: 'integer', minimum: 0, maximum: 4294967295 });
    expect(s.maxNodes).toEqual({ type: 'integer', minimum: 1 });
    expect(s.timeout).toEqual({ type: 'number', exclusiveMinimum: 0 });
    expect(s.lazy).toEqual({ type: 'boolean' });
    expect(s.cycle).toEqual({ type: 'string', enum: ['state', 'action'] });
    expect(s.prune).toEqual({ type: 'string', enum: ['none', 'deadlocks'] });
    expect(s.backend).toEqual({ type: 'string', enum: ['ts', 'prolog'] });
    expect(s.algo).toEqual({ type: 'string', enum: strategyNames });
  });

  it('the strategies that take --seed are the stochastic ones', () => {
    expect(STOCHASTIC).toEqual(['beam', 'lrta', 'mcts', 'ga']);
    expect(STOCHASTIC).toEqual(strategyNames.filter((n) => strategies[n].stochastic));
  });

  it('help lines: a strategy option after the strategies that declare it, each with its own default', () => {
    const lines = flagHelpLines();
    expect(lines).toContain('  --weight W        wastar: f = g + W·h (default: 2); push: f = pushes + W·h');
    expect(lines).toContain('  --width K         beam: states kept per layer (default: 8)');
    expect(lines).toContain('  --tt              iddfs: transposition table (fewer re-expansions)');
    expect(lines).toContain('  --seed N          beam, lrta, mcts, ga: seed of the random choices; the same');
    expect(lines).toContain('    bfs       breadth-first search with a closed set; fewest actions');
    expect(lines.every((l) => l.length <= 80 || l.startsWith('    '))).toBe(true);
    expect(flagSpecs(['max-nodes'])).toEqual({ 'max-nodes': { type: 'string', value: 'N', help: 'stop the search after N expanded nodes (exit 3)' } });
    expect(flagSpecs(['lazy'])).toEqual({ lazy: { type: 'boolean', help: 'gbfs: evaluate states when expanded' } });
    expect(flagSpecs(['preferred']).preferred.help).toBe("gbfs: extra open list for the heuristic's helpful actions (needs a heuristic with preferred operators)");
  });

  it("/api/options's lists: every request's options, and each strategy's own with its default", () => {
    const c = optionCatalog();
    expect(c.common.map((o) => o.field)).toEqual(['algo', 'heuristic', 'cycle', 'prune', 'preprocess', 'timeout', 'maxNodes', 'backend', 'theory', 'engine', 'strict']);
    expect(c.of('wastar')).toEqual([{ name: 'weight', field: 'weight', type: 'number', default: 2, min: 0, exclusiveMin: true, max: 1000, help: 'f = g + W·h', group: 'search' }]);
    // whose option each one is: the page shows the backend's (theory, engine) only with backend prolog
    expect(c.common.filter((o) => o.group === 'backend').map((o) => o.name)).toEqual(['backend', 'theory', 'engine']);
    expect(c.common.filter((o) => o.group === 'lint').map((o) => o.name)).toEqual(['strict']);
    expect(c.of('push')).toMatchObject([{ name: 'weight', default: 1, help: 'f = pushes + W·h' }, ...SW.map((name) => ({ name, type: 'enum', values: ['on', 'off'] }))]);
    expect(c.of('beam').map((o) => o.name)).toEqual(['width', 'temperature', 'seed']);
    expect(c.of('bfs')).toEqual([]);
  });
});

describe('one checker for the command line and the web', () => {
  it('the same message, naming the option as its source does', () => {
    const pairs: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
      [{ algo: 'bfs', weight: '2' }, { algo: 'bfs', weight: 2 }, '--weight applies to wastar, push, not to bfs', 'weight applies to wastar, push, not to bfs'],
      [{ algo: 'bfs', heuristic: 'hff' }, { algo: 'bfs', heuristic: 'hff' }, 'strategy bfs uses no heuristic; drop --heuristic', 'strategy bfs uses no heuristic; drop heuristic'],
      [{ 'max-nodes': '0' }, { maxNodes: 0 }, "--max-nodes needs a positive whole number, got '0'", "maxNodes needs a positive whole number, got '0'"],
      [{ algo: 'ga', seed: '-1' }, { algo: 'ga', seed: -1 }, "--seed needs a whole number from 0 to 4294967295, got '-1'", "seed needs a whole number from 0 to 4294967295, got '-1'"],
      [{ algo: 'bfs', seed: '3' }, { algo: 'bfs', seed: 3 }, '--seed applies to beam, lrta, mcts, ga, not to bfs', 'seed applies to beam, lrta, mcts, ga, not to bfs'],
      [{ cycle: 'sideways' }, { cycle: 'sideways' }, "--cycle must be state or action, got 'sideways'", "cycle must be state or action, got 'sideways'"],
      [{ algo: 'gbfs', heuristic: 'hadd', preferred: true }, { algo: 'gbfs', heuristic: 'hadd', preferred: true }, '--preferred needs a heuristic with preferred operators (hff, lmcount), not hadd', 'preferred needs a heuristic with preferred operators (hff, lmcount), not hadd'],
      [{ theory: 'plain' }, { theory: 'plain' }, '--theory applies to the prolog backend (--backend prolog) and to compare', 'theory applies to the prolog backend (backend: "prolog") and to compare'],
      [{ algo: 'iddfs', tt: true, backend: 'prolog' }, { algo: 'iddfs', tt: true, backend: 'prolog' }, '--tt is not part of the Prolog planning theory (use the ts backend)', 'tt is not part of the Prolog planning theory (use the ts backend)'],
    ];
    for (const [flags, fields, fromCli, fromWeb] of pairs) {
      expect(refused(flags, cli), JSON.stringify(flags)).toBe(fromCli);
      expect(refused(fields, web), JSON.stringify(fields)).toBe(fromWeb);
    }
    // messages that name no option are the same text
    expect(refused({ algo: 'astra' }, cli)).toBe(refused({ algo: 'astra' }, web));
    expect(refused({ algo: 'astar', backend: 'prolog' }, web)).toBe('the prolog backend runs iddfs and bfs, not astar');
    expect(refused({ prune: 'corners' }, cli)).toBe("unknown pruning 'corners' (choose one of: none, deadlocks)");
    expect(refused({ backend: 'c' }, cli)).toBe("unknown backend 'c' (choose one of: ts, prolog)");
  });

  it('--backend prolog without a strategy: the Prolog default (iddfs) from the command line and from the web alike', () => {
    for (const [values, ctx] of [[{ backend: 'prolog' }, cli], [{ backend: 'prolog' }, web]] as const) {
      const o = solveOptionsFrom(values, { ...ctx, mode: 'solve', problem: 'level' });
      expect([o.algo, o.backend, o.engine]).toEqual(['iddfs', 'prolog', 'tau']);
    }
    // without --backend prolog, a level's default stays auto
    expect(solveOptionsFrom({}, { ...cli, mode: 'solve', problem: 'level' }).algo).toBe('auto');
  });

  it('plain data: names, not records; strings from the command line and JSON values from the web give the same options', () => {
    const fromCli = solveOptionsFrom({ algo: 'wastar', heuristic: 'hff', weight: '3', 'max-nodes': '100', timeout: '2', prune: 'deadlocks' }, cli);
    const fromWeb = solveOptionsFrom({ algo: 'wastar', heuristic: 'hff', weight: 3, maxNodes: 100, timeout: 2, prune: 'deadlocks' }, web);
    const expected = { algo: 'wastar', heuristic: 'hff', cycle: 'state', prune: 'deadlocks', timeoutMs: 2000, maxNodes: 100, maxMemoryMb: defaultMaxMemoryMb, weight: 3, backend: 'ts' };
    expect(fromCli).toEqual(expected);
    expect(fromWeb).toEqual(expected);
    expect(structuredClone(fromCli)).toEqual(expected);
    // no heuristic given: the pipeline picks the strategy's default for the problem
    expect(solveOptionsFrom({ algo: 'astar' }, cli).heuristic).toBeUndefined();
    // a request cannot set the server's memory limit
    expect(solveOptionsFrom({ maxMemory: 1 }, web).maxMemoryMb).toBe(defaultMaxMemoryMb);
  });

  it('the strategy without --algo: auto for a level, bfs for a Prolog problem file, iddfs for compare and a web request on the Prolog backend', () => {
    expect(solveOptionsFrom({}, { from: 'cli', mode: 'solve', problem: 'level' }).algo).toBe('auto');
    expect(solveOptionsFrom({}, { from: 'cli', mode: 'solve', problem: 'prolog' }).algo).toBe('bfs');
    expect(solveOptionsFrom({}, { from: 'cli', mode: 'compare', problem: 'level' })).toMatchObject({ algo: 'iddfs', theory: 'fast', engine: 'tau' });
    expect(solveOptionsFrom({ backend: 'prolog' }, { from: 'web', mode: 'solve', problem: 'level' })).toMatchObject({ algo: 'iddfs', backend: 'prolog' });
  });
});

describe('bench configurations', () => {
  it('NAME[+HEURISTIC] with switches and option=value, checked like the flags', () => {
    expect(configFrom('gbfs+hff lazy preferred')).toEqual({ algo: 'gbfs', heuristic: 'hff', options: { lazy: true, preferred: true } });
    expect(configFrom('wastar+hff weight=3 prune=deadlocks cycle=action')).toEqual({ algo: 'wastar', heuristic: 'hff', options: { weight: 3, prune: 'deadlocks', cycle: 'action' } });
    expect(configFrom(' ga seed=7 ')).toEqual({ algo: 'ga', options: {}, seed: 7 });
    const bad = (text: string): string => {
      try {
        configFrom(text);
      } catch (e) {
        if (e instanceof UsageError) return e.message;
        throw e;
      }
      return 'accepted';
    };
    expect(bad('bfs weight=2')).toBe('weight applies to wastar, push, not to bfs');
    expect(bad('beam width=0')).toBe("width needs a positive whole number, got '0'");
    expect(bad('gbfs lazy=yes')).toBe('lazy takes no value, in the configuration "gbfs lazy=yes"');
    expect(bad('bfs timeout=3')).toBe(`unknown option \'timeout\' in the configuration "bfs timeout=3" (options: cycle, tt, weight, lazy, preferred, ${SW.join(', ')}, width, temperature, improve, prune, preprocess, seed)`);
    expect(bad('astar+lmcut+hff')).toBe("write NAME or NAME+HEURISTIC, got 'astar+lmcut+hff'");
  });
});

describe('a registry with options of its own (a plug-in adds a strategy or a heuristic with a new option)', () => {
  const strategy = (name: string, extra: Partial<Strategy>): Strategy => ({ name, summary: `${name} searches`, optimal: () => false, complete: () => true, run: () => ({ status: 'limit', plan: null, stats: { expanded: 0, generated: 0, duplicates: 0, stored: 0, timeMs: 0 } }), ...extra });
  const heuristic = (name: string, extra: Partial<Heuristic>): Heuristic => ({ name, summary: `${name} estimates`, admissible: true, create: () => ({ evaluate: () => 0 }), ...extra });
  const depth = { name: 'max-depth', type: 'integer', min: 1, default: 3, arg: 'D', help: 'how deep' } as const;
  const reg: OptionRegistry = {
    strategies: {
      deep: strategy('deep', { options: [depth] }),
      wide: strategy('wide', { stochastic: true, defaultHeuristic: 'h1' }),
      deeper: strategy('deeper', { options: [{ ...depth, default: 5 }] }),
    },
    heuristics: { h1: heuristic('h1', { options: [{ name: 'beta', type: 'number', min: 0, exclusiveMin: true, help: 'the weight of a penalty' }] }), h2: heuristic('h2', {}) },
    pruners: [],
  };

  it('its option is a flag, a web field, a help line and an /api/options entry', () => {
    expect(solveOptionList(reg).map((o) => o.name)).toEqual(['algo', 'heuristic', 'cycle', 'max-depth', 'beta', 'prune', 'preprocess', 'seed', 'timeout', 'max-nodes', 'max-memory', 'backend', 'theory', 'engine', 'strict']);
    expect(flagSpecs(['max-depth', 'beta'], reg)).toEqual({
      'max-depth': { type: 'string', value: 'D', help: 'deep: how deep (default: 3); deeper: how deep (default: 5)' },
      beta: { type: 'string', help: 'heuristic h1: the weight of a penalty' },
    });
    expect(requestSchemaProperties(reg).maxDepth).toEqual({ type: 'integer', minimum: 1 });
    expect(optionCatalog(reg).of('deeper')).toEqual([{ name: 'max-depth', field: 'maxDepth', type: 'integer', default: 5, min: 1, help: 'how deep', group: 'search' }]);
  });

  it('the strategies (heuristics) that take it come from the records', () => {
    expect(refused({ algo: 'wide', 'max-depth': '2' }, cli, reg)).toBe('--max-depth applies to deep, deeper, not to wide');
    expect(refused({ algo: 'wide', maxDepth: 2 }, web, reg)).toBe('maxDepth applies to deep, deeper, not to wide');
    expect(refused({ algo: 'deep', seed: '2' }, cli, reg)).toBe('--seed applies to wide, not to deep');
    expect(refused({ algo: 'wide', heuristic: 'h2', beta: '1' }, cli, reg)).toBe('--beta applies to the heuristics h1, not to h2');
    expect(solveOptionsFrom({ algo: 'deeper', 'max-depth': '9' }, cli, reg)).toMatchObject({ algo: 'deeper', maxDepth: 9 });
    expect(solveOptionsFrom({ algo: 'wide', beta: 0.5 }, web, reg)).toMatchObject({ algo: 'wide', beta: 0.5 });
  });

  it('two records declaring one option differently (not only its default or help) is an error of the registry', () => {
    const clash: OptionRegistry = { ...reg, strategies: { ...reg.strategies, odd: strategy('odd', { options: [{ name: 'max-depth', type: 'number', help: 'how deep' }] }) } };
    expect(() => solveOptionList(clash)).toThrow('option max-depth: odd declares it unlike deep');
    const twice: OptionRegistry = { ...reg, strategies: { odd: strategy('odd', { options: [{ name: 'timeout', type: 'number', help: 'mine' }] }) } };
    expect(() => solveOptionList(twice)).toThrow('option timeout is declared twice');
  });
});
