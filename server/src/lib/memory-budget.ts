import vm from 'node:vm';
import { setServerV8Flags } from './v8-flags';

/**
 * Keeps a long batch job (a 100,000-row export) within a memory budget.
 *
 * The server runs with a 2 MB young generation (package.json: it lets a large upload's dead socket
 * buffers go at once). A job that reads and writes page after page therefore promotes whatever is in
 * flight at each young collection — rows, strings, zip buffers — to the old generation, where it stays
 * until V8 decides on a full collection, and V8 lets the old generation grow by tens of megabytes first.
 * Five runs of the members export grew the server's RSS by 22–53 MB (CSV) and 16–66 MB (Excel) for
 * that reason alone (bench/reports/exports.md), with a budget of 50. The job asks after each page:
 * once its heap and buffers have grown by `bytes` since the last look, a full collection gives the garbage back
 * (a few of ~30 ms each per 100,000 rows). Growth that survives it (PGlite's WASM heap, which never
 * shrinks) moves the mark up, so it never collects page after page.
 */
export function memoryBudget(bytes: number, probe: MemoryProbe = { used, collect: fullCollection() }) {
  const { used: inUse, collect } = probe;
  let mark = inUse() + bytes;
  return {
    /** Call between pages. True when it collected. */
    check(): boolean {
      if (!collect || inUse() <= mark) return false;
      collect();
      mark = inUse() + bytes;
      return true;
    },
  };
}

/** What the budget reads and does; the defaults are the process's own (a test gives its own to check the rule). */
export interface MemoryProbe {
  used: () => number;
  collect: (() => void) | null;
}

/**
 * The JavaScript heap and buffers in use: what a collection can give back. (Not RSS: V8 returns freed
 * pages to the system in the background, so RSS read just after a collection still counts them.)
 */
function used() {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

let gcFunction: (() => void) | null | undefined;

/**
 * V8's full collection. `node --expose-gc` provides it as globalThis.gc; otherwise the flag is set at run
 * time and the function taken from a new context, as jest's leak detector does. null if neither works.
 */
function fullCollection(): (() => void) | null {
  if (gcFunction !== undefined) return gcFunction;
  try {
    const global = globalThis as { gc?: () => void };
    if (typeof global.gc === 'function') gcFunction = global.gc;
    else {
      setServerV8Flags(['--expose-gc']);
      gcFunction = vm.runInNewContext('gc') as () => void;
    }
  } catch {
    gcFunction = null;
  }
  return gcFunction;
}
