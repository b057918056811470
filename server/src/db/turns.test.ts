import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

// The embedded engine only: PostgreSQL's statements never run on this thread.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(async () => {
  await database?.close();
});

it('a chain of embedded statements lets the event loop come round between them (other requests are answered meanwhile)', async () => {
  // Each statement takes several ms of WASM work; the chain resolves as microtasks, so without the turn
  // the callback below (standing for another request) would wait for the whole chain.
  const slow = 'select count(*) from generate_series(1, 200000)';
  await database.pglite!.query(slow); // warm
  let otherRanAt = -1;
  let done = 0;
  setImmediate(() => (otherRanAt = done));
  for (let i = 0; i < 6; i++) {
    await database.pglite!.query(slow);
    done += 1;
  }
  expect(otherRanAt).toBeGreaterThanOrEqual(0);
  expect(otherRanAt).toBeLessThan(6);
});

it('statements still run one at a time and in order, with the same results', async () => {
  await database.pglite!.exec('create table turns (n int)');
  await Promise.all(Array.from({ length: 20 }, (_, i) => database.pglite!.query('insert into turns values ($1)', [i])));
  const { rows } = await database.pglite!.query<{ n: number }>('select n from turns order by ctid');
  expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
});
