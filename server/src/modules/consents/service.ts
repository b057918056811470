import { and, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONSENT_KINDS, type ConsentKind, type ConsentPreference, type ConsentSource } from '@church/contract/consents';
import type { Db, DbOrTx } from '../../db/client';
import { consents } from '../../db/schema/index';

export interface ConsentChange {
  kind: ConsentKind;
  granted: boolean;
}

/**
 * Consents: what each member agreed to, with the wording and the date, as a
 * history (a new row per change). Bulk messaging asks at send time; the
 * directory export and public prayers ask before showing anyone.
 */
export function createConsentService(db: Db) {
  /** The newest decision per kind for one person. */
  async function decisions(userId: string, q: DbOrTx = db) {
    const rows = await q
      .selectDistinctOn([consents.kind], {
        kind: consents.kind,
        granted: consents.granted,
        createdAt: consents.createdAt,
        wording: consents.wording,
      })
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(consents.kind, desc(consents.createdAt));
    return new Map(rows.map((r) => [r.kind, r]));
  }

  async function current(userId: string, q: DbOrTx = db): Promise<ConsentPreference[]> {
    const decided = await decisions(userId, q);
    return (Object.keys(CONSENT_KINDS) as ConsentKind[]).map((kind) => {
      const def = CONSENT_KINDS[kind];
      const row = decided.get(kind);
      return {
        kind,
        label: def.label,
        wording: def.wording,
        granted: row ? row.granted : def.default,
        decidedAt: row ? row.createdAt.toISOString() : null,
        isDefault: !row,
      };
    });
  }

  return {
    current,

    /** Whether this person currently agrees to `kind` (their newest decision, else the default). */
    async has(userId: string, kind: ConsentKind, q: DbOrTx = db): Promise<boolean> {
      const [row] = await q
        .select({ granted: consents.granted })
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.kind, kind)))
        .orderBy(desc(consents.createdAt))
        .limit(1);
      return row ? row.granted : CONSENT_KINDS[kind].default;
    },

    /**
     * Records the decisions that differ from the person's current answer (a
     * first explicit answer is recorded even when it equals the default).
     * Returns the kinds that changed.
     */
    async set(
      userId: string,
      changes: ConsentChange[],
      meta: { source: ConsentSource; recordedBy?: string | null },
      q: DbOrTx = db,
    ): Promise<ConsentKind[]> {
      const decided = await decisions(userId, q);
      const rows = changes
        .filter((c) => decided.get(c.kind)?.granted !== c.granted)
        .map((c) => ({
          userId,
          kind: c.kind,
          granted: c.granted,
          wording: CONSENT_KINDS[c.kind].wording,
          source: meta.source,
          recordedBy: meta.recordedBy ?? null,
          // Strictly after the person's previous decision on this kind, so "newest" is never a tie: two decisions in
          // one instant of the clock (the embedded engine's reads the same instant twice) would otherwise leave the
          // current answer to chance.
          createdAt: sql`greatest(now(), (select max(p.created_at) + interval '1 microsecond' from ${consents} p
            where p.user_id = ${userId} and p.kind = ${c.kind}))`,
        }));
      if (rows.length) await q.insert(consents).values(rows);
      return rows.map((r) => r.kind);
    },

    /** Every decision one person made, newest first (for the person, and for data-export requests). */
    async history(userId: string, q: DbOrTx = db) {
      return q.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.createdAt));
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;

/**
 * A boolean SQL expression "this user currently agrees to `kind`", for
 * queries over many people (bulk messaging, directory export):
 *   db.select().from(users).where(consentGranted('email_church', users.id))
 */
export function consentGranted(kind: ConsentKind, userId: AnyPgColumn): SQL {
  const fallback = CONSENT_KINDS[kind].default;
  // Qualified by its table name: a bare "id" inside the subquery would mean consents.id.
  const outer = sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`;
  return sql<boolean>`coalesce((select c.granted from ${consents} c where c.user_id = ${outer} and c.kind = ${kind} order by c.created_at desc limit 1), ${sql.raw(fallback ? 'true' : 'false')})`;
}
