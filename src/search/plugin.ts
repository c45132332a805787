/**
 * A domain plug-in: what a domain (Sokoban is the first) adds to the
 * generic planner from its own folder, src/plugins/<name>/. The generic
 * layers (lang, strips, heuristics, search) never import a plug-in; the
 * composition (src/plugins/index.ts, `compose`) builds the registries the
 * rest of planlog uses from the generic records and the installed plug-ins.
 *
 * A plug-in recognises its problems (`contextOf`) and hands the search a
 * context of its own making (a SearchContext whose `plugin` is its name);
 * its strategies, heuristics and pruners read that context, the generic
 * ones only pass it on.
 */
import type { Domain, Problem } from '../model/lifted.ts';
import type { Heuristic } from '../heuristics/types.ts';
import type { Pruner, SearchContext, Strategy } from './types.ts';

/**
 * A loaded problem as a plug-in sees it: the domain and problem, and
 * whatever else the loader attached (core/load.ts's LoadedProblem, with the
 * Sokoban level of a level file, is one). A plug-in declares the fields it
 * reads by widening this type in its own `contextOf`.
 */
export interface ProblemInput {
  readonly domain: Domain;
  readonly problem: Problem;
}

export interface DomainPlugin {
  /** The plug-in's name: its folder under src/plugins/ and the `plugin` of its contexts and records. */
  name: string;
  summary: string;
  /** How texts name one of its problems ("matching on a level"): e.g. 'a level'. */
  problem: string;
  /** Its strategies (each with `plugin` set to the plug-in's name); listed after the generic ones of the same kind. */
  strategies: readonly Strategy[];
  /** Its heuristics (each with `plugin` set); listed after the generic ones. */
  heuristics: readonly Heuristic[];
  /** Its pruners (each with `plugin` set). */
  pruners: readonly Pruner[];
  /** The search context of a problem of this plug-in; undefined when the problem is not one of its problems. */
  contextOf(problem: ProblemInput): SearchContext | undefined;
  /**
   * Strategy name → the heuristic that strategy uses on this plug-in's
   * problems when none is given (instead of its defaultHeuristic).
   */
  defaultHeuristics?: Readonly<Record<string, string>>;
  /**
   * Strategy name → a preset specialised for this plug-in's problems: on
   * them the registry's strategy of that name runs this record instead of
   * the generic one. Its summary says what it does there (the composed
   * strategy's summary adds "on <problem>, <summary>" to the generic one's).
   */
  presets?: Readonly<Record<string, Strategy>>;
  /**
   * Strategy name → heuristics of this plug-in that a generic strategy with
   * a restricted list of heuristics (Strategy.heuristics) accepts too.
   */
  accepts?: Readonly<Record<string, readonly string[]>>;
}
