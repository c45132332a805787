/**
 * A plain push-level breadth-first search for the soundness tests of the
 * deadlock checks, written without any of the pruning it checks: a
 * position is the box squares (sorted) and the player's square; every push
 * the player can walk to is tried.
 */
import { expect } from 'vitest';
import type { Board } from '../../src/plugins/sokoban/board.ts';

export interface Position {
  boxes: number[];
  player: number;
}

/** The squares the player can walk to (boxes as obstacles), as a set. */
export function walkable(board: Board, boxes: readonly number[], player: number): Set<number> {
  const blocked = new Set(boxes);
  const seen = new Set([player]);
  const queue = [player];
  for (let i = 0; i < queue.length; i++) {
    for (const d of board.dirs) {
      const q = queue[i] + d;
      if (board.floor[q] && !blocked.has(q) && !seen.has(q)) {
        seen.add(q);
        queue.push(q);
      }
    }
  }
  return seen;
}

/** A push of a position: `op` is the push-level search's operator (box square · 4 + direction index of Board.dirs), `to` the position it leads to. */
export interface PushMove {
  op: number;
  to: Position;
}

/** Every push the player can walk to, with the position after it (the player ends on the box's old square). */
export function pushMoves(board: Board, p: Position): PushMove[] {
  const reach = walkable(board, p.boxes, p.player);
  const out: PushMove[] = [];
  for (const b of p.boxes) {
    board.dirs.forEach((d, k) => {
      const to = b + d;
      if (!reach.has(b - d) || !board.floor[to] || p.boxes.includes(to)) return;
      out.push({ op: (b << 2) | k, to: { boxes: p.boxes.map((x) => (x === b ? to : x)).sort((x, y) => x - y), player: b } });
    });
  }
  return out;
}

/** Every position one push away (the player ends on the box's old square). */
export function pushesFrom(board: Board, p: Position): Position[] {
  return pushMoves(board, p).map((m) => m.to);
}

/** A key of a position: the boxes and the smallest square of the player's region. */
export function positionKey(board: Board, p: Position): string {
  return `${p.boxes.join(',')}|${Math.min(...walkable(board, p.boxes, p.player))}`;
}

/** The positions reachable from `start` by pushes (breadth-first, at most `cap`). */
export function reachablePositions(board: Board, start: Position, cap: number): Position[] {
  const seen = new Set([positionKey(board, start)]);
  const out = [start];
  for (let i = 0; i < out.length && out.length < cap; i++) {
    for (const c of pushesFrom(board, out[i])) {
      const k = positionKey(board, c);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(c);
      }
    }
  }
  return out;
}

/** Whether some sequence of pushes puts every box on a goal: true, false, or null when more than `cap` positions would be needed. */
export function solvable(board: Board, start: Position, cap: number): boolean | null {
  const solved = (p: Position): boolean => p.boxes.every((b) => board.goal[b] === 1);
  if (solved(start)) return true;
  const seen = new Set([positionKey(board, start)]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const c of pushesFrom(board, queue[i])) {
      if (solved(c)) return true;
      const k = positionKey(board, c);
      if (seen.has(k)) continue;
      if (seen.size >= cap) return null;
      seen.add(k);
      queue.push(c);
    }
  }
  return false;
}

/**
 * For a position of `text`'s room that a deadlock check calls dead: asserts
 * that it has no solution and returns true, or returns false when the
 * exhaustive search cannot tell within `cap` positions.
 */
export function expectNoSolution(board: Board, p: Position, text: string, cap = 20_000): boolean {
  const truth = solvable(board, p, cap);
  if (truth === null) return false;
  expect(truth, `boxes ${p.boxes.map((q) => board.name(q)).join(' ')}, player ${board.name(p.player)} in\n${text}`).toBe(false);
  return true;
}
