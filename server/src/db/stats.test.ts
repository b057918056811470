import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { messageTemplates } from './schema/index';
import { analyzeIfBelow } from './stats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const estimate = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select reltuples from pg_class where oid = 'message_templates'::regclass`)) as unknown as {
        rows: Array<{ reltuples: number | string }>;
      }
    ).rows[0]!.reltuples,
  );

it('analyzes a table whose statistics say fewer rows than asked for, and leaves it alone once they know', async () => {
  await t.database.db.execute(sql`analyze message_templates`);
  await t.database.db.insert(messageTemplates).values(Array.from({ length: 120 }, (_, i) => ({ name: `T${i}`, subject: 's', body: 'b' })));
  expect(await estimate()).toBeLessThan(120);
  expect(await analyzeIfBelow(t.database.db, messageTemplates, 100)).toBe(true);
  expect(await estimate()).toBeGreaterThanOrEqual(100);
  expect(await analyzeIfBelow(t.database.db, messageTemplates, 100)).toBe(false);
});

it('can narrow the analysis to some columns and still learns the size', async () => {
  await t.database.db.insert(messageTemplates).values(Array.from({ length: 300 }, (_, i) => ({ name: `U${i}`, subject: 's', body: 'b' })));
  expect(await estimate()).toBeLessThan(400);
  expect(await analyzeIfBelow(t.database.db, messageTemplates, 400, [messageTemplates.name])).toBe(true);
  expect(await estimate()).toBeGreaterThanOrEqual(400);
});
