/**
 * Every GET route is in the route budgets' table (route-budgets.ts): budgeted, or excused with the reason. Apart
 * from the measuring suite (route-budgets.test.ts, which seeds 100,000 people first) so that a new route without
 * an entry fails in seconds, with the lines to add.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { BUDGETS, NOT_BUDGETED } from './route-budgets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('every GET route has a budget or a reason', () => {
  const gets = t.app.routeTable.filter((r) => [r.method].flat().includes('GET') && r.url.startsWith('/api/')).map((r) => `GET ${r.url}`);
  const missing = [...new Set(gets)].filter((key) => !(key in BUDGETS) && !(key in NOT_BUDGETED));
  expect(missing, 'add each to server/test/perf/route-budgets.ts (BUDGETS, or NOT_BUDGETED with the reason)').toEqual([]);
  const gone = [...Object.keys(BUDGETS), ...Object.keys(NOT_BUDGETED)].filter((key) => !gets.includes(key));
  expect(gone, 'entries for routes that no longer exist').toEqual([]);
});
