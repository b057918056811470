import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, apiUsageDaily, type ApiKeyRow } from '../../db/schema/index';
import { monthWindow } from './windows';

export interface ApiKeyWithUsage extends ApiKeyRow {
  monthlyRequests: number;
  totalRequests: number;
}

export function createKeysRepository(db: Db) {
  /**
   * Adds this month's requests and the all-time total, both from the usage
   * records (written in batches, about a second behind). Not from the
   * rate-limit counter: that one counts slots instances have reserved, which
   * runs ahead of the requests made with them (api-key-gate.ts).
   */
  async function withUsage(rows: ApiKeyRow[]): Promise<ApiKeyWithUsage[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const monthStart = monthWindow(new Date()).start.toISOString().slice(0, 10);
    const totals = await db
      .select({
        keyId: apiUsageDaily.keyId,
        total: sql<number>`coalesce(sum(${apiUsageDaily.requests}), 0)::int`,
        month: sql<number>`coalesce(sum(${apiUsageDaily.requests}) filter (where ${apiUsageDaily.day} >= ${monthStart}), 0)::int`,
      })
      .from(apiUsageDaily)
      .where(inArray(apiUsageDaily.keyId, ids))
      .groupBy(apiUsageDaily.keyId);
    const byKey = new Map(totals.map((t) => [t.keyId, t]));
    return rows.map((r) => ({
      ...r,
      monthlyRequests: Number(byKey.get(r.id)?.month ?? 0),
      totalRequests: Number(byKey.get(r.id)?.total ?? 0),
    }));
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
