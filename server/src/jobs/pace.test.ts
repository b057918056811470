import { expect, it } from 'vitest';
import { createPacer } from './pace';

/** A clock the test moves, and a sleep that records how long it was asked to wait (and moves the clock). */
function fakeTime() {
  let t = 1000;
  const slept: number[] = [];
  return {
    slept,
    work: (ms: number) => (t += ms),
    opts: {
      now: () => t,
      sleep: async (ms: number) => {
        slept.push(ms);
        t += ms;
      },
    },
  };
}

it('rests in proportion to the slice just done, so the job keeps to its share of the time', async () => {
  const half = fakeTime();
  const pacer = createPacer({ share: 0.5, ...half.opts });
  half.work(30);
  await pacer.rest();
  half.work(8);
  await pacer.rest();
  expect(half.slept).toEqual([30, 8]);

  const most = fakeTime();
  const greedy = createPacer({ share: 0.8, ...most.opts });
  most.work(40);
  await greedy.rest();
  expect(most.slept).toEqual([10]);
});

it('always waits at least a timer turn, and times each slice from the end of the last rest', async () => {
  const clock = fakeTime();
  const pacer = createPacer({ share: 0.5, ...clock.opts });
  clock.work(20);
  await pacer.rest();
  await pacer.rest();
  expect(clock.slept).toEqual([20, 1]);
});

it('waits on a real timer by default', async () => {
  let timerRan = false;
  setTimeout(() => (timerRan = true), 0);
  await createPacer().rest();
  expect(timerRan).toBe(true);
});

/** Runs `slices` slices where a slice of n rows costs fixedMs + perRowMs × n; the sizes the pacer chose. */
async function sizesUnder(
  cost: { fixedMs: number; perRowMs: number },
  opts: { sliceMs: number; initialRows?: number; minRows?: number; maxRows?: number },
  slices = 30,
) {
  const clock = fakeTime();
  const pacer = createPacer({ share: 0.5, ...opts, ...clock.opts });
  const sizes: number[] = [];
  for (let i = 0; i < slices; i++) {
    const n = pacer.size();
    sizes.push(n);
    clock.work(cost.fixedMs + cost.perRowMs * n);
    await pacer.rest(n);
  }
  return sizes;
}

it('without sliceMs, the slice size stays what the job started with', async () => {
  const clock = fakeTime();
  const pacer = createPacer({ initialRows: 50, ...clock.opts });
  clock.work(40);
  await pacer.rest(50);
  expect(pacer.size()).toBe(50);
});

it('with sliceMs, sizes slices so each lasts about that long, the fixed cost per statement included', async () => {
  // 1 ms per statement plus 0.1 ms a row: 30 rows last 4 ms.
  const sizes = await sizesUnder({ fixedMs: 1, perRowMs: 0.1 }, { sliceMs: 4, initialRows: 10, minRows: 5 });
  expect(sizes[0]).toBe(10);
  expect(sizes[1]).toBe(20); // cheap slices grow, at most doubling each time
  for (const n of sizes.slice(-10)) {
    expect(n).toBeGreaterThanOrEqual(27);
    expect(n).toBeLessThanOrEqual(33);
  }
});

it('shrinks slices that take too long, at most halving each time, and never below minRows or above maxRows', async () => {
  const slow = await sizesUnder({ fixedMs: 0, perRowMs: 2 }, { sliceMs: 4, initialRows: 200, minRows: 10 });
  expect(slow.slice(0, 3)).toEqual([200, 100, 50]);
  expect(slow.at(-1)).toBe(10);
  const fast = await sizesUnder({ fixedMs: 0, perRowMs: 0.001 }, { sliceMs: 4, initialRows: 10, maxRows: 300 });
  expect(fast.at(-1)).toBe(300);
});
