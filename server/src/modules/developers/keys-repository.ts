import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, apiUsageDaily, rateLimits, type ApiKeyRow } from '../../db/schema/index';
import { monthCounterKey } from './api-key-gate';

export interface ApiKeyWithUsage extends ApiKeyRow {
  monthlyRequests: number;
  totalRequests: number;
}

export function createKeysRepository(db: Db) {
  /** Adds the month's count (the enforcement counter) and the all-time total (usage records). */
  async function withUsage(rows: ApiKeyRow[]): Promise<ApiKeyWithUsage[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [months, totals] = await Promise.all([
      db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, ids.map(monthCounterKey)), sql`${rateLimits.resetAt} > now()`)),
      db
        .select({ keyId: apiUsageDaily.keyId, n: sql<number>`coalesce(sum(${apiUsageDaily.requests}), 0)::int` })
        .from(apiUsageDaily)
        .where(inArray(apiUsageDaily.keyId, ids))
        .groupBy(apiUsageDaily.keyId),
    ]);
    const month = new Map(months.map((m) => [m.key, m.count]));
    const total = new Map(totals.map((t) => [t.keyId, Number(t.n)]));
    return rows.map((r) => ({ ...r, monthlyRequests: month.get(monthCounterKey(r.id)) ?? 0, totalRequests: total.get(r.id) ?? 0 }));
  }

  return {
    withUsage,
    async listActive(userId: string) {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt));
      return withUsage(rows);
    },
    async insert(values: typeof apiKeys.$inferInsert) {
      const [row] = await db.insert(apiKeys).values(values).returning();
      return row!;
    },
    /** Revokes one of the owner's keys; null when it is not theirs or already revoked. */
    async revoke(userId: string, id: string) {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning();
      return row ?? null;
    },
  };
}
export type KeysRepository = ReturnType<typeof createKeysRepository>;
