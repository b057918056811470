import { expect, it } from 'vitest';
import { memoryBudget } from './memory-budget';

const MB = 1024 * 1024;
const heapUsed = () => process.memoryUsage().heapUsed;

/** Some 40 MB of small objects that die together when it returns (what an export's pages leave behind); the heap then. */
function leaveGarbage(): number {
  const rows: unknown[] = [];
  for (let i = 0; i < 300_000; i++) rows.push({ name: `Member ${i}`, cells: [i, `row ${i}`], meta: { i } });
  return rows.length ? heapUsed() : 0;
}

it('collects once the heap has grown past its budget, gives the garbage back, and waits for new growth', () => {
  const budget = memoryBudget(16 * MB);
  expect(budget.check()).toBe(false);
  const grown = leaveGarbage();
  expect(budget.check()).toBe(true);
  expect(heapUsed()).toBeLessThan(grown - 16 * MB);
  expect(budget.check()).toBe(false);
});
