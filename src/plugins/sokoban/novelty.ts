/**
 * Novelty of push states, after width-based planning (Lipovetzky & Geffner:
 * IW and Best-First Width Search, 2012/2017). The atoms of a push state are
 * "a box on square c" and "the player's region starts at square p"; a
 * state has novelty 1 when it holds an atom no state evaluated before it in
 * its partition held, novelty 2 when it holds a pair of atoms no earlier
 * state of its partition held together, else 3. Partitions (BFWS's ⟨#g, …⟩)
 * keep novelty relative to progress: states with another estimate, or in
 * another feature cell, are counted apart, so a search that gets closer to
 * the goal finds every atom novel again.
 *
 * In a greedy search ordered by novelty first and the box estimate second,
 * states that put boxes (or the player) somewhere new for their kind of
 * progress go before states that only reshuffle what was seen: a
 * breadth-first sweep of the plateaus that a search by distance alone digs
 * into one after the other.
 */

/** Partitions above this many start over (their memory is dropped: novelty is a guide, not a proof). */
const MAX_PARTITIONS = 1 << 12;
/** ... and above this many bytes in all (a partition of a floor of n cells holds (2n)² bits). */
const MAX_BYTES = 1 << 26;

export class Novelty {
  /** Atoms: floor cells as box squares (0 … n − 1), then as the player's normalised square (n … 2n − 1). */
  private readonly atoms: number;
  /** Words of the pair table of one partition (atoms² bits; only pairs a < b are set). */
  private readonly pairWords: number;
  private readonly singleWords: number;
  private readonly parts = new Map<number, Uint32Array>();
  private readonly maxParts: number;
  private readonly scratch: Int32Array;
  /** States of novelty 1, 2 and 3 so far. */
  readonly counts = [0, 0, 0];

  constructor(
    /** The floor cell of each square (Board.cellIndex). */
    private readonly cellIndex: ArrayLike<number>,
    floorCells: number,
    maxBoxes: number,
  ) {
    this.atoms = 2 * floorCells;
    this.singleWords = (this.atoms + 31) >>> 5;
    this.pairWords = (this.atoms * this.atoms + 31) >>> 5;
    this.scratch = new Int32Array(maxBoxes + 1);
    this.maxParts = Math.max(16, Math.min(MAX_PARTITIONS, Math.floor(MAX_BYTES / (4 * (this.singleWords + this.pairWords)))));
  }

  /**
   * The novelty (1, 2 or 3) of a state in `partition`: its boxes on the
   * squares `boxes[0 … n − 1]`, the player's normalised square on floor cell
   * `player`. Records the state's atoms and pairs as seen.
   */
  of(partition: number, boxes: ArrayLike<number>, n: number, player: number): number {
    let t = this.parts.get(partition);
    if (t === undefined) {
      if (this.parts.size >= this.maxParts) this.parts.clear();
      t = new Uint32Array(this.singleWords + this.pairWords);
      this.parts.set(partition, t);
    }
    const a = this.scratch;
    const ci = this.cellIndex;
    for (let i = 0; i < n; i++) a[i] = ci[boxes[i]];
    a[n] = this.atoms / 2 + player;
    const m = n + 1;
    let novelty = 3;
    for (let i = 0; i < m; i++) {
      const x = a[i];
      const bit = 1 << (x & 31);
      if ((t[x >>> 5] & bit) === 0) {
        t[x >>> 5] |= bit;
        novelty = 1;
      }
    }
    const base = this.singleWords;
    const A = this.atoms;
    for (let i = 0; i < m; i++) {
      for (let j = i + 1; j < m; j++) {
        const x = a[i] < a[j] ? a[i] * A + a[j] : a[j] * A + a[i];
        const w = base + (x >>> 5);
        const bit = 1 << (x & 31);
        if ((t[w] & bit) === 0) {
          t[w] |= bit;
          if (novelty > 2) novelty = 2;
        }
      }
    }
    this.counts[novelty - 1]++;
    return novelty;
  }
}
