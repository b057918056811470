import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, apiUsageDaily } from '../../db/schema/index';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { createUsageRecorder } from './usage-recorder';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function key(userId: string, n: number) {
  const [row] = await t.database.db
    .insert(apiKeys)
    .values({ userId, name: `k${n}`, tier: 'free', keyHash: `hash-${n}-${userId}`, keyLast4: '0000' })
    .returning();
  return row!;
}

describe('usage recorder', () => {
  it("writes each key's own last use, not one time for every key in the flush", async () => {
    const dev = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    const [a, b] = [await key(dev.user.id, 1), await key(dev.user.id, 2)];
    const usage = createUsageRecorder(t.database.db, { flushMs: 60_000 });
    usage.record(a.id, 'GET', '/api/events', 200, 3);
    const aUsed = Date.now();
    await new Promise((r) => setTimeout(r, 60));
    usage.record(b.id, 'GET', '/api/events', 200, 4);
    usage.record(b.id, 'GET', '/api/sermons', 500, 9);
    const bUsed = Date.now();
    await usage.flush();

    const rows = await t.database.db
      .select()
      .from(apiKeys)
      .where(inArray(apiKeys.id, [a.id, b.id]));
    const at = (id: string) => rows.find((r) => r.id === id)!.lastUsedAt!.getTime();
    expect(Math.abs(at(a.id) - aUsed)).toBeLessThan(30);
    expect(Math.abs(at(b.id) - bUsed)).toBeLessThan(30);
    expect(at(b.id) - at(a.id)).toBeGreaterThanOrEqual(50);

    const tallies = await t.database.db.select().from(apiUsageDaily).where(eq(apiUsageDaily.keyId, b.id));
    expect(tallies.map((r) => [r.endpoint, r.requests, r.errors]).sort()).toEqual([
      ['/api/events', 1, 0],
      ['/api/sermons', 1, 1],
    ]);

    // A later flush never moves a last use back.
    usage.record(a.id, 'GET', '/api/events', 200, 3);
    const again = Date.now();
    await usage.flush();
    const [a2] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.id));
    expect(Math.abs(a2!.lastUsedAt!.getTime() - again)).toBeLessThan(30);
    await usage.stop();
  });
});
