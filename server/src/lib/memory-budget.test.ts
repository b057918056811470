import { expect, it } from 'vitest';
import { memoryBudget } from './memory-budget';

const MB = 1024 * 1024;
const heapUsed = () => process.memoryUsage().heapUsed;

it('collects only once use has grown past the budget since the last look, and then moves its mark', () => {
  let inUse = 100 * MB;
  const collections: number[] = [];
  const budget = memoryBudget(16 * MB, {
    used: () => inUse,
    collect: () => {
      collections.push(inUse);
      inUse -= 30 * MB; // what the collection gave back
    },
  });
  inUse += 16 * MB; // exactly at the budget: no collection yet
  expect(budget.check()).toBe(false);
  inUse += 1; // past it
  expect(budget.check()).toBe(true);
  expect(collections).toEqual([116 * MB + 1]);
  // The mark is now 16 MB above what survived: growth below it does not collect again.
  inUse += 15 * MB;
  expect(budget.check()).toBe(false);
  inUse += 2 * MB;
  expect(budget.check()).toBe(true);
  expect(collections).toHaveLength(2);
});

it('does nothing when no collection is available', () => {
  let inUse = 0;
  const budget = memoryBudget(MB, { used: () => inUse, collect: null });
  inUse = 100 * MB;
  expect(budget.check()).toBe(false);
});

/** Some 40 MB of small objects that die together when it returns (what an export's pages leave behind); the heap then. */
function leaveGarbage(): number {
  const rows: unknown[] = [];
  for (let i = 0; i < 300_000; i++) rows.push({ name: `Member ${i}`, cells: [i, `row ${i}`], meta: { i } });
  return rows.length ? heapUsed() : 0;
}

it("with the process's own heap, an export's garbage is gone after the check, and the next check waits for new growth", () => {
  const budget = memoryBudget(16 * MB);
  expect(budget.check()).toBe(false);
  const grown = leaveGarbage();
  // Usually the check collects; on a busy machine V8's own concurrent marking may finish first. Either way the
  // garbage must be gone once the check has run.
  budget.check();
  expect(heapUsed()).toBeLessThan(grown - 16 * MB);
  expect(budget.check()).toBe(false);
});
