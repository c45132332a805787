/**
 * Minimum-cost perfect matching of n rows to n columns (the Hungarian
 * method, in its shortest-augmenting-path form with potentials: O(n³)).
 * Written for planlog; scratch arrays are kept between calls so a search
 * can call it on every state without allocating.
 *
 * After `solve` the instance keeps the optimal matching and its dual
 * potentials u (rows), v (columns): c[i][j] - u[i] - v[j] >= 0 for every
 * pair, = 0 on the matched ones. A problem that differs in k rows is then
 * re-optimised in O(k·n²) instead of O(n³): unmatch those rows, lower their
 * u[i] to min_j (c[i][j] - v[j]) so the duals stay feasible, and augment
 * from each with one Dijkstra over the reduced costs (`repair`, which keeps
 * the result, and `withRow`, one row replaced, which leaves the state
 * alone). The matching and duals at the end prove optimality whatever they
 * started from, so the value is exactly that of a full `solve`.
 */

/** Cost standing for "impossible"; larger than any sum of real costs. */
const BIG = 1e9;

export class Hungarian {
  private u = new Float64Array(1);
  private v = new Float64Array(1);
  private minv = new Float64Array(1);
  private way = new Int32Array(1);
  private colRow = new Int32Array(1);
  private used = new Uint8Array(1);
  /** Copies of u, v, colRow for `withRow`. */
  private u2 = new Float64Array(1);
  private v2 = new Float64Array(1);
  private p2 = new Int32Array(1);
  /** n of the last solve or repair (the state kept), -1 before; the kept matching's cost. */
  private solvedN = -1;
  private keptTotal = Infinity;
  /** After `solve`: the column matched to each row. */
  rowCol = new Int32Array(0);

  private ensure(n: number): void {
    if (this.u.length >= n + 1) return;
    this.u = new Float64Array(n + 1);
    this.v = new Float64Array(n + 1);
    this.minv = new Float64Array(n + 1);
    this.way = new Int32Array(n + 1);
    this.colRow = new Int32Array(n + 1);
    this.used = new Uint8Array(n + 1);
    this.u2 = new Float64Array(n + 1);
    this.v2 = new Float64Array(n + 1);
    this.p2 = new Int32Array(n + 1);
    this.rowCol = new Int32Array(n);
  }

  /**
   * The least total cost of matching every row to a distinct column;
   * `cost[r·n + c]` is the cost of row r on column c (Infinity: not
   * allowed). Infinity when every perfect matching uses a forbidden pair.
   */
  solve(n: number, cost: ArrayLike<number>): number {
    if (n === 0) return 0;
    this.ensure(n);
    const { u, v, colRow: p } = this;
    u.fill(0, 0, n + 1);
    v.fill(0, 0, n + 1);
    p.fill(0, 0, n + 1);
    this.way.fill(0, 0, n + 1);
    // 1-based rows and columns; p[c] = row matched to column c (0: none).
    for (let i = 1; i <= n; i++) this.augment(n, cost, i, 0, cost, u, v, p);
    this.solvedN = n;
    return (this.keptTotal = this.total(n, cost, p, 0, cost, true));
  }

  /**
   * Re-optimises the last solve's (or repair's) problem, same n, after rows
   * `rows[0..k)` of `cost` have changed (the other rows must be as they
   * were): O(k·n²). Returns the least total cost like `solve`, and keeps
   * the new state.
   */
  repair(n: number, cost: ArrayLike<number>, rows: ArrayLike<number>, k: number): number {
    if (this.solvedN !== n) return this.solve(n, cost);
    if (n === 0) return 0;
    const { u, v, colRow: p } = this;
    for (let t = 0; t < k; t++) {
      const r = rows[t];
      p[this.rowCol[r] + 1] = 0;
    }
    for (let t = 0; t < k; t++) {
      const r = rows[t];
      u[r + 1] = this.rowMin(n, cost, r * n, v);
      this.augment(n, cost, r + 1, 0, cost, u, v, p);
    }
    return (this.keptTotal = this.total(n, cost, p, 0, cost, true));
  }

  /**
   * The least total cost of the last solve's (or repair's) problem with row
   * r's costs replaced by `row[0..n)`: one augmenting path, O(n²). The kept
   * state is left as it was (so every row change is measured from it).
   * When the new row's least reduced cost (c − v) is on the column row r
   * holds, the kept matching with that column is optimal as it stands (the
   * duals stay feasible with u[r] that least cost, and every matched pair
   * is tight): its cost comes in O(n), without the path.
   */
  withRow(n: number, cost: ArrayLike<number>, r: number, row: ArrayLike<number>): number {
    if (n === 0) return 0;
    if (this.solvedN !== n) throw new Error(`Hungarian.withRow: no solved problem of size ${n}`);
    const own = this.rowCol[r];
    const least = this.rowMin(n, row, 0, this.v);
    if (row[own] !== Infinity && this.keptTotal !== Infinity && row[own] - this.v[own + 1] <= least) {
      return this.keptTotal - cost[r * n + own] + row[own];
    }
    const { u2, v2, p2 } = this;
    u2.set(this.u.subarray(0, n + 1));
    v2.set(this.v.subarray(0, n + 1));
    p2.set(this.colRow.subarray(0, n + 1));
    p2[own + 1] = 0;
    u2[r + 1] = least;
    this.augment(n, cost, r + 1, r + 1, row, u2, v2, p2);
    return this.total(n, cost, p2, r + 1, row, false);
  }

  /** min over columns j of c[j] - v[j+1], with c = costs[base..base+n) (Infinity as BIG). */
  private rowMin(n: number, costs: ArrayLike<number>, base: number, v: Float64Array): number {
    let best = Infinity;
    for (let j = 1; j <= n; j++) {
      let c = costs[base + j - 1];
      if (c === Infinity) c = BIG;
      const d = c - v[j];
      if (d < best) best = d;
    }
    return best;
  }

  /**
   * One shortest augmenting path from the unmatched row i (1-based) to a
   * free column, updating the potentials (feasible on entry) and the
   * matching p. Row `ovr` (1-based, 0: none) takes its costs from `ovrRow`.
   */
  private augment(
    n: number,
    cost: ArrayLike<number>,
    i: number,
    ovr: number,
    ovrRow: ArrayLike<number>,
    u: Float64Array,
    v: Float64Array,
    p: Int32Array,
  ): void {
    const { minv, way, used } = this;
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity, 0, n + 1);
    used.fill(0, 0, n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      const costs = i0 === ovr ? ovrRow : cost;
      const row = i0 === ovr ? -1 : (i0 - 1) * n - 1;
      const ui = u[i0];
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        let c = costs[row + j];
        if (c === Infinity) c = BIG;
        const cur = c - ui - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 !== 0);
  }

  /** The cost of the matching p (Infinity if it uses a forbidden pair); `keep`: record it in rowCol. */
  private total(n: number, cost: ArrayLike<number>, p: Int32Array, ovr: number, ovrRow: ArrayLike<number>, keep: boolean): number {
    let total = 0;
    for (let j = 1; j <= n; j++) {
      const r = p[j] - 1;
      if (keep) this.rowCol[r] = j - 1;
      total += r + 1 === ovr ? ovrRow[j - 1] : cost[r * n + j - 1];
    }
    return total;
  }
}
