/**
 * Per-chapter memos: the engine keeps a chapter's parse and its laid-out pages as the same objects
 * while the chapter does not change, so the checks of untouched chapters are reused after an edit
 * and only the edited chapter is checked again. Keyed also by what else the result depends on
 * (toggles, thresholds, settings), as a string.
 */
const tables = new Map<string, WeakMap<object, Map<string, unknown>>>();

/**
 * Thrown out of `computeWarnings` run under `inSlices` once its slice is over: every memo entry
 * computed so far is kept, so the next run goes on from there (the host runs the checks between
 * builds in short slices: a whole book checked at once took longer than an edit's layout).
 */
export class ChecksPaused extends Error {
  override readonly name = 'ChecksPaused';
}

/**
 * What the runs of one set of slices hand on to each other: the warnings of every detector a
 * paused run finished (by its position in `computeWarnings`). The caller keeps one per input (the
 * host: per converged layout); without it each slice began by running the finished detectors
 * again — their book-wide parts, which no per-chapter memo keeps — and a whole book took
 * several times as long in slices as at once.
 */
export type SliceCarry = Map<number, unknown>;

/** The slice `inSlices` runs in: whether it is over, the entries computed in it, what earlier runs finished. */
let slice: { over: () => boolean; computed: number; carry: SliceCarry | undefined } | null = null;

/**
 * Runs `run` (a `computeWarnings` call) so that it stops with `ChecksPaused` at the first memo
 * entry still to compute once `over()` says the slice is over, after at least one entry computed in
 * it (each slice gets somewhere). `carry` (the same map for every run over the same input) keeps
 * what each run finished. Deterministic in what it returns: a completed run gives the warnings a
 * run without slices gives.
 */
export function inSlices<T>(over: () => boolean, run: () => T, carry?: SliceCarry): T {
  const outer = slice;
  slice = { over, computed: 0, carry };
  try {
    return run();
  } finally {
    slice = outer;
  }
}

/** A detector's result, kept in the slices' carry once computed (outside slices: computed). */
export function finished<T>(detector: number, compute: () => T): T {
  const carry = slice?.carry;
  if (!carry) return compute();
  if (carry.has(detector)) return carry.get(detector) as T;
  const value = compute();
  carry.set(detector, value);
  return value;
}

export function memoPerObject<T>(table: string, object: object, key: string, compute: () => T): T {
  let byObject = tables.get(table);
  if (!byObject) {
    byObject = new WeakMap();
    tables.set(table, byObject);
  }
  let byKey = byObject.get(object);
  if (!byKey) {
    byKey = new Map();
    byObject.set(object, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  if (slice && slice.computed > 0 && slice.over()) throw new ChecksPaused('The checks paused at the end of their slice.');
  const value = compute();
  if (slice) slice.computed++;
  // One entry per object is enough (the key changes only when the design or the toggles do).
  byKey.clear();
  byKey.set(key, value);
  return value;
}
