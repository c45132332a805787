/**
 * The composition: the one place that knows the installed domain plug-ins.
 * `compose(plugins)` builds the registries the rest of planlog uses (the
 * pipeline, trace, the CLI, the web server, the workers, the benchmarks)
 * from the generic records (src/search/index.ts, src/heuristics/index.ts,
 * src/search/prune.ts) and the plug-ins' (src/search/plugin.ts):
 *
 * - strategies in the order of their kind (systematic searches, local
 *   searches, presets), the generic ones of a kind before the plug-ins';
 *   heuristics and pruners, the generic ones first;
 * - a generic strategy that a plug-in specialises (a preset) runs the
 *   plug-in's record on that plug-in's problems (the context says whose a
 *   problem is) and the generic one on the others;
 * - a generic strategy with a restricted list of heuristics takes the
 *   heuristics a plug-in adds to it (DomainPlugin.accepts);
 * - the default heuristic of a strategy on a problem: the problem's
 *   plug-in's (DomainPlugin.defaultHeuristics), else the strategy's own.
 *
 * A new domain plug-in goes in src/plugins/<name>/ (a DomainPlugin) and into
 * the list of `installed` below; nothing in search/ or heuristics/ changes.
 */
import { heuristics as genericHeuristics } from '../heuristics/index.ts';
import type { Heuristic, SearchContext } from '../heuristics/types.ts';
import { strategies as genericStrategies } from '../search/index.ts';
import type { DomainPlugin, ProblemInput } from '../search/plugin.ts';
import { pruners as genericPruners } from '../search/prune.ts';
import type { Pruner, Strategy, StrategyKind } from '../search/types.ts';
import { sokobanPlugin } from './sokoban/index.ts';

export type { DomainPlugin, ProblemInput } from '../search/plugin.ts';
export type { SearchContext } from '../heuristics/types.ts';

/** The registries of a set of plug-ins (see compose). */
export interface Registries {
  readonly plugins: readonly DomainPlugin[];
  readonly strategies: Readonly<Record<string, Strategy>>;
  readonly strategyNames: string[];
  readonly heuristics: Readonly<Record<string, Heuristic>>;
  readonly heuristicNames: string[];
  readonly pruners: Readonly<Record<string, Pruner>>;
  readonly prunerNames: string[];
  /** The strategy of that name, or undefined. */
  getStrategy(name: string): Strategy | undefined;
  /** The heuristic of that name, or undefined. */
  getHeuristic(name: string): Heuristic | undefined;
  /** The pruner of that name, or undefined. */
  getPruner(name: string): Pruner | undefined;
  /** The installed plug-in of that name, or undefined. */
  getPlugin(name: string): DomainPlugin | undefined;
  /** The search context of a loaded problem: the first plug-in's that recognises it; undefined when none does. */
  contextOf(problem: ProblemInput): SearchContext | undefined;
  /** The record that runs for strategy `name` on a problem with this context: a plug-in's preset on its problems, else the registered one. */
  strategyFor(name: string, context: SearchContext | undefined): Strategy | undefined;
  /** The heuristic strategy `name` uses on a problem with this context when none is given: its plug-in's default, else the strategy's own. */
  defaultHeuristicFor(name: string, context: SearchContext | undefined): string | undefined;
  /** The plug-ins that give strategy `name` a default heuristic of their own on their problems, with that heuristic (and how they name a problem). */
  problemHeuristics(name: string): { plugin: string; problem: string; heuristic: string }[];
}

const KIND_ORDER: Record<StrategyKind, number> = { search: 0, local: 1, preset: 2 };

/** Builds the registries of the generic records and these plug-ins. Throws an Error when two records share a name or a plug-in refers to something not registered. */
export function compose(plugins: readonly DomainPlugin[]): Registries {
  const fail = (message: string): never => {
    throw new Error(`plug-in composition: ${message}`);
  };
  const pluginByName = new Map<string, DomainPlugin>();
  for (const p of plugins) {
    if (pluginByName.has(p.name)) fail(`two plug-ins named ${p.name}`);
    pluginByName.set(p.name, p);
  }
  /** name → record, refusing a second record of a name and a plug-in record that does not name its plug-in. */
  const table = <T extends { name: string; plugin?: string }>(what: string, generic: Readonly<Record<string, T>>, own: (p: DomainPlugin) => readonly T[]): Record<string, T> => {
    const out: Record<string, T> = { ...generic };
    for (const p of plugins) {
      for (const r of own(p)) {
        if (Object.hasOwn(out, r.name)) fail(`${what} ${r.name} of plug-in ${p.name} is already registered`);
        if (r.plugin !== p.name) fail(`${what} ${r.name} of plug-in ${p.name} has plugin ${r.plugin ?? '(none)'}`);
        out[r.name] = r;
      }
    }
    return out;
  };

  const heuristics = table('heuristic', genericHeuristics, (p) => p.heuristics);
  const pruners = table('pruner', genericPruners, (p) => p.pruners);
  const listed = table('strategy', genericStrategies, (p) => p.strategies);
  const kindOf = (s: Strategy): number => KIND_ORDER[s.kind ?? 'search'];
  // a stable sort: within a kind, the generic records first, then each plug-in's in its order
  const ordered = Object.values(listed).sort((a, b) => kindOf(a) - kindOf(b));

  // presets and added heuristics per strategy name
  const presets = new Map<string, Map<string, Strategy>>();
  const added = new Map<string, string[]>();
  for (const p of plugins) {
    for (const [name, preset] of Object.entries(p.presets ?? {})) {
      if (!Object.hasOwn(listed, name)) fail(`plug-in ${p.name} has a preset for ${name}, which is not a registered strategy`);
      if (preset.name !== name) fail(`plug-in ${p.name}'s preset for ${name} is named ${preset.name}`);
      if (!presets.has(name)) presets.set(name, new Map());
      presets.get(name)!.set(p.name, preset);
    }
    for (const [name, hs] of Object.entries(p.accepts ?? {})) {
      if (!Object.hasOwn(listed, name)) fail(`plug-in ${p.name} adds heuristics to ${name}, which is not a registered strategy`);
      for (const h of hs) if (!p.heuristics.some((x) => x.name === h)) fail(`plug-in ${p.name} adds ${h} to ${name}, not one of its heuristics`);
      added.set(name, [...(added.get(name) ?? []), ...hs]);
    }
    for (const [name, h] of Object.entries(p.defaultHeuristics ?? {})) {
      if (!Object.hasOwn(listed, name)) fail(`plug-in ${p.name} has a default heuristic for ${name}, which is not a registered strategy`);
      if (!Object.hasOwn(heuristics, h)) fail(`plug-in ${p.name}'s default heuristic for ${name}, ${h}, is not registered`);
    }
  }

  /** The registered record of a generic strategy, with the plug-ins' presets and added heuristics. */
  const specialise = (s: Strategy): Strategy => {
    const own = presets.get(s.name);
    const more = added.get(s.name) ?? [];
    if (!own && more.length === 0) return s;
    const r: Strategy = { ...s };
    if (s.heuristics && more.length > 0) r.heuristics = [...s.heuristics, ...more];
    if (own) {
      const pick = (context: SearchContext | undefined): Strategy => (context && own.get(context.plugin)) || s;
      const all = [...own.values()];
      r.summary = [s.summary, ...[...own].map(([p, x]) => `on ${pluginByName.get(p)!.problem}, ${x.summary}`)].join('; ');
      r.traced = Boolean(s.traced) && all.every((x) => x.traced);
      r.optimal = (space, options) => pick(options.context).optimal(space, options);
      r.complete = (options) => pick(options.context).complete(options);
      r.run = (space, options) => pick(options.context).run(space, options);
      // the presets' own options (e.g. auto's --improve on a level) become options of the record, so flags, fields and help show them
      const extra = all.flatMap((x) => (x.options ?? []).filter((d) => !(s.options ?? []).some((o) => o.name === d.name)));
      if (extra.length > 0) r.options = [...(s.options ?? []), ...extra.filter((d, i) => extra.findIndex((e) => e.name === d.name) === i)];
    }
    return r;
  };

  const strategies: Record<string, Strategy> = Object.fromEntries(ordered.map((s) => [s.name, specialise(s)]));
  const lookup =
    <T>(t: Readonly<Record<string, T>>) =>
    (name: string): T | undefined =>
      Object.hasOwn(t, name) ? t[name] : undefined;
  const getStrategy = lookup(strategies);

  return {
    plugins,
    strategies,
    strategyNames: Object.keys(strategies),
    heuristics,
    heuristicNames: Object.keys(heuristics),
    pruners,
    prunerNames: Object.keys(pruners),
    getStrategy,
    getHeuristic: lookup(heuristics),
    getPruner: lookup(pruners),
    getPlugin: (name) => pluginByName.get(name),
    contextOf(problem) {
      for (const p of plugins) {
        const c = p.contextOf(problem);
        if (c) return c;
      }
      return undefined;
    },
    strategyFor: (name, context) => (context && presets.get(name)?.get(context.plugin)) || getStrategy(name),
    defaultHeuristicFor: (name, context) => (context && pluginByName.get(context.plugin)?.defaultHeuristics?.[name]) || getStrategy(name)?.defaultHeuristic,
    problemHeuristics: (name) => plugins.flatMap((p) => (p.defaultHeuristics?.[name] ? [{ plugin: p.name, problem: p.problem, heuristic: p.defaultHeuristics[name] }] : [])),
  };
}

/** The installed plug-ins' registries: what planlog solves with. */
export const installed: Registries = compose([sokobanPlugin]);

export const { plugins, strategies, strategyNames, heuristics, heuristicNames, pruners, prunerNames, getStrategy, getHeuristic, getPruner, getPlugin, contextOf, strategyFor, defaultHeuristicFor, problemHeuristics } = installed;
