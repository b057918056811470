import { describe, expect, it } from 'vitest';
import { batched } from './batched';

describe('batched', () => {
  it('answers the calls of one turn with one run, each with its own answer', async () => {
    const runs: number[][] = [];
    const double = batched(async (xs: number[]) => (runs.push(xs), xs.map((x) => x * 2)));
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('never lets a call join a run already under way (its answer is as fresh as its own query)', async () => {
    let value = 'old';
    const started: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = batched(async (keys: string[]) => {
      started.push(keys);
      const seen = value; // what the "query" sees when it starts
      if (started.length === 1) await gate;
      return keys.map(() => seen);
    });
    const first = read('a');
    await new Promise((r) => setImmediate(r)); // the first run has started
    value = 'new'; // a change committed after it started ...
    const second = read('b'); // ... is seen by a call made after the change
    release();
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(started).toEqual([['a'], ['b']]);
  });

  it('fails every call of a failed run, and the next run is independent', async () => {
    let fail = true;
    const read = batched(async (xs: number[]) => {
      if (fail) throw new Error('database gone');
      return xs;
    });
    const results = await Promise.allSettled([read(1), read(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(3)).toBe(3);
  });

  it('starts a run at once when a batch is full', async () => {
    const runs: number[][] = [];
    const read = batched(async (xs: number[]) => (runs.push(xs), xs), 2);
    const all = Promise.all([read(1), read(2), read(3)]);
    expect(runs).toEqual([[1, 2]]); // sent before the turn ended
    expect(await all).toEqual([1, 2, 3]);
    expect(runs).toEqual([[1, 2], [3]]);
  });
});
