/**
 * Growing typed arrays: the search keeps its per-state data (g values,
 * estimates, parents' moves, subtree counts …) in typed arrays indexed by
 * state id, grown by doubling as states are stored.
 */

export type GrowableArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/**
 * `a` itself when it holds `n` entries, else a new array of its kind of
 * max(n, 2 · a.length, min) entries with `a`'s values first and `fill` in
 * the rest.
 */
export function grow<A extends GrowableArray>(a: A, n: number, fill = 0, min = 0): A {
  if (n <= a.length) return a;
  const b = new (a.constructor as new (size: number) => A)(Math.max(n, a.length * 2, min));
  (b as Float64Array).set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}
