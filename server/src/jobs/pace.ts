/**
 * Keeps a long job (a bulk message, a large export) from starving the API.
 *
 * The job works in slices and calls `rest()` after each one; `rest()` waits
 * as long as the slice took, times (1 − share) / share, so the job holds the
 * database at most `share` of the time. Why a rest and not a bare
 * setImmediate:
 *  - on PGlite every statement runs on this thread over the one connection. A
 *    request that arrives during a slice is read only when the slice ends, and
 *    it reaches the database a few event-loop turns later (token check through
 *    WebCrypto, then its query); with only setImmediate between slices the next
 *    slice is already queued by then, so nearly every request waited a whole slice;
 *  - on PostgreSQL the send's statements keep one backend busy; on a small
 *    machine that is a core the API's own queries and the event loop do not get.
 *
 * The share bounds how much of the time the job takes, not how long a request
 * waits: that is the length of the slice it arrives in. On PGlite a slice blocks
 * this thread outright, so every request arriving during it (even one that never
 * touches the database) waits for it to end. With `sliceMs` the pacer also
 * bounds that wait: it measures each slice's cost per row and tells the job how
 * many rows the next slice may take (`size()`) so that a slice lasts about
 * `sliceMs`. A fixed row count cannot do this: the same 50 rows cost 3 ms in
 * one statement and 8 ms in another, and more on a busy machine.
 * Measured with bench/src/office.ts (10,000 recipients): see bench/reports/office.md.
 */
export interface Pacer {
  /** Ends a slice of `rows` rows: waits so the job keeps to its share, then starts timing the next slice. */
  rest(rows?: number): Promise<void>;
  /** Rows the next slice should take (with `sliceMs`; otherwise always `initialRows`). */
  size(): number;
}

export interface PacerOptions {
  /** The share of the time the job may hold the database (0.05–1; default 0.5). */
  share?: number;
  /** Time-boxed slices: the length a slice should keep to, in ms (off when omitted). */
  sliceMs?: number;
  /** Rows in the first slice, and the bounds `size()` keeps to (defaults 50, 5, 500). */
  initialRows?: number;
  minRows?: number;
  maxRows?: number;
  /** The clock and the wait (tests pass their own). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Weight of the newest slice in the running cost per row: a one-off slow slice (a GC, a busy core) moves it only part way. */
const NEWEST = 0.3;

export function createPacer({
  share = 0.5,
  sliceMs,
  initialRows = 50,
  minRows = 5,
  maxRows = 500,
  now = () => performance.now(),
  sleep = timer,
}: PacerOptions = {}): Pacer {
  const s = Math.min(1, Math.max(0.05, share));
  let sliceStarted = now();
  let rows = initialRows;
  let msPerRow: number | undefined;
  return {
    size: () => rows,
    async rest(done?: number) {
      const busy = now() - sliceStarted;
      if (sliceMs && done && done > 0) {
        const cost = busy / done;
        msPerRow = msPerRow === undefined ? cost : (1 - NEWEST) * msPerRow + NEWEST * cost;
        // Towards the size that lasts sliceMs, at most doubling or halving per slice.
        const ideal = sliceMs / Math.max(msPerRow, 1e-3);
        rows = Math.round(Math.min(maxRows, rows * 2, Math.max(minRows, rows / 2, ideal)));
      }
      // At least one timer turn: the event loop polls for waiting requests before the next slice.
      await sleep(Math.max(1, Math.round((busy * (1 - s)) / s)));
      sliceStarted = now();
    },
  };
}
