/**
 * The switches of the push-level search's techniques: one row each, the
 * option (`--macros off`, request field `macros: "off"`, a bench
 * configuration `auto macros=off`) and the PushSearchConfig field it sets.
 * The push-level strategies and `auto` on a level declare them all
 * (push.ts, presets.ts), so flags, API fields, the playground's controls
 * and the help lines come from this table; a technique added to the search
 * is one more row.
 *
 * A switch given overrides the strategy's own choice (auto's members decide
 * per member when none is given).
 */
import { fieldName, type OptionDecl } from '../../util/option-decl.ts';
import type { PushSearchConfig } from './push-search.ts';

/** The config fields a switch sets: the techniques that can be turned on and off. */
type SwitchField = { [K in keyof PushSearchConfig]-?: boolean extends PushSearchConfig[K] ? K : never }[keyof PushSearchConfig];

interface Switch {
  readonly field: SwitchField;
  readonly decl: OptionDecl;
}

const onOff = (name: string, help: string, defaultHelp: string): OptionDecl => ({
  name,
  type: 'enum',
  values: ['on', 'off'],
  arg: 'on|off',
  defaultHelp,
  help: `Sokoban push-level search: ${help}`,
});

export const SWITCHES: readonly Switch[] = [
  { field: 'corrals', decl: onOff('corrals', 'prune corral deadlocks (forward searches)', 'on') },
  { field: 'corralBacking', decl: onOff('corral-backing', "corral deadlocks: the boxes backing a corral's fence join its relaxed problem (forward searches, with --corrals on)", 'on') },
  { field: 'corralMerge', decl: onOff('corral-merge', 'corral deadlocks: a corral not proven alone is examined again together with the corrals next to its fence boxes (forward searches, with --corrals on)', 'on') },
  { field: 'frozenGoals', decl: onOff('frozen-goals', 'prune frozen-goal deadlocks: boxes frozen on goals leave the others too few goals they can reach (forward searches)', 'on') },
  { field: 'sides', decl: onOff('sides', "push distances by the player's side: a box's pushes to each goal (backward searches: its pulls to each initial box square) counted with the player in the part of the floor less the box's square he is in", 'on') },
  { field: 'macros', decl: onOff('macros', 'tunnel macros: a box pushed into a one-wide tunnel goes on to its end', 'off') },
  { field: 'patterns', decl: onOff('patterns', 'learned deadlock patterns: small searches of box clusters, unsolvable ones prune later states (forward searches)', 'off') },
  { field: 'stuck', decl: onOff('stuck', 'stuck patterns: a state whose subtree has grown to 64 expanded states is examined (its wobblers and freely movable boxes left out, the rest searched); a dead rest prunes the subtree and every state holding it (forward searches)', 'off') },
  { field: 'piCorrals', decl: onOff('pi-corrals', 'PI-corral pruning: where the boxes fence a corral that must be entered, only the pushes into it (forward searches, not with macros)', 'off') },
  { field: 'packing', decl: onOff('packing', "packing order of goal rooms: no push onto a room's goal ahead of its turn (forward searches; a heuristic cut, searched again without it when it exhausts the space)", 'off') },
  { field: 'parking', decl: onOff('parking', "packing order with parking: a room goal no box can be brought to from where the boxes are gets its box from a parking square, filled first (forward searches with an order: features, goal or box macros, packing)", 'off') },
  { field: 'features', decl: onOff('features', 'feature-space search: the open list takes turns among cells of states with equal features (boxes packed in order, floor regions)', 'off') },
  { field: 'outOfPlan', decl: onOff('out-of-plan', 'feature-space search: a third feature, the boxes off goal that can reach no free goal past the boxes on goals (forward searches, with --features on)', 'off') },
  { field: 'goalMacros', decl: onOff('goal-macros', "goal macros: a box pushed all the way to the next goal of its room's packing order as one move (forward searches; backward searches: a box pulled alone onto a square of the initial boxes)", 'off') },
  { field: 'boxMacros', decl: onOff('box-macros', 'box macros: a box pushed alone to any square it can reach as one move, as in FESS (forward searches, instead of goal macros; backward searches: a box pulled alone, one move per direction of the last pull)', 'off') },
  { field: 'groups', decl: onOff('groups', 'goal groups one after the other: each group of adjacent goals filled as a level of its own, the boxes the matching gives it movable and the other boxes walls (forward searches)', 'off') },
  { field: 'orientations', decl: onOff('orientations', "the level's other orientations: the search on the level turned a quarter, a half, three quarters and mirrored, seven orientations in turn, each with a share of the time left, at least 3 s (forward searches)", 'off') },
  { field: 'meet', decl: onOff('meet', "meeting searches: auto's forward members end on any state its backward members reached before (the pushes to it, then its pulls reversed)", 'off') },
  { field: 'advisorWeights', decl: onOff('advisors', "FESS's move weights with features: moves that pack a box or join floor regions weigh 0, others 1; each cell's states by their path's weight first (greedy searches)", 'off') },
  { field: 'novelty', decl: onOff('novelty', 'novelty first, as in best-first width search: states that put a box or the player somewhere new (alone or with another box) for their estimate, or their feature cell, go before the others', 'off') },
];

/** The switches' options, for a strategy's `options`. */
export const SWITCH_OPTIONS: readonly OptionDecl[] = SWITCHES.map((s) => s.decl);

/** The config fields of the switches given in the options (under their field names); the others absent. */
export function switchesOf(options: object): Partial<PushSearchConfig> {
  const given = options as Readonly<Record<string, unknown>>;
  const out: Partial<Record<SwitchField, boolean>> = {};
  for (const s of SWITCHES) {
    const v = given[fieldName(s.decl.name)];
    if (v === 'on' || v === 'off') out[s.field] = v === 'on';
  }
  return out;
}
