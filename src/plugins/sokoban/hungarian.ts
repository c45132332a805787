/**
 * Minimum-cost perfect matching of n rows to n columns (the Hungarian
 * method, in its shortest-augmenting-path form with potentials: O(n³)).
 * Written for planlog; scratch arrays are kept between calls so a search
 * can call it on every state without allocating.
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
    const { u, v, minv, way, colRow: p, used } = this;
    u.fill(0, 0, n + 1);
    v.fill(0, 0, n + 1);
    p.fill(0, 0, n + 1);
    way.fill(0, 0, n + 1);
    // 1-based rows and columns; p[c] = row matched to column c (0: none).
    for (let i = 1; i <= n; i++) {
      p[0] = i;
      let j0 = 0;
      minv.fill(Infinity, 0, n + 1);
      used.fill(0, 0, n + 1);
      do {
        used[j0] = 1;
        const i0 = p[j0];
        let delta = Infinity;
        let j1 = 0;
        const row = (i0 - 1) * n;
        for (let j = 1; j <= n; j++) {
          if (used[j]) continue;
          let c = cost[row + j - 1];
          if (c === Infinity) c = BIG;
          const cur = c - u[i0] - v[j];
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
    let total = 0;
    for (let j = 1; j <= n; j++) {
      const r = p[j] - 1;
      this.rowCol[r] = j - 1;
      const c = cost[r * n + j - 1];
      if (c === Infinity) return Infinity;
      total += c;
    }
    return total;
  }
}
