import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { donations, donorTaxProfiles, receiptCounter, taxCertificates, users } from '../../db/schema/index';

/** Queries behind section 18A certificates and the IT3(d) export. */
export function createTaxRepository(db: Db) {
  return {
    /** Completed gifts of identified donors in [from, to), ordered by donor then date. */
    gifts: (tx: DbOrTx, from: Date, to: Date) =>
      tx
        .select({
          userId: donations.userId,
          id: donations.id,
          givenAt: donations.givenAt,
          amountCents: donations.amountCents,
          fund: donations.fund,
        })
        .from(donations)
        .where(and(eq(donations.status, 'completed'), isNotNull(donations.userId), gte(donations.givenAt, from), lt(donations.givenAt, to)))
        .orderBy(asc(donations.userId), asc(donations.givenAt)),
    donors: (tx: DbOrTx, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : tx
            .select({ user: users, profile: donorTaxProfiles.data })
            .from(users)
            .leftJoin(donorTaxProfiles, eq(donorTaxProfiles.userId, users.id))
            .where(
              sql`${users.id} in (${sql.join(
                ids.map((i) => sql`${i}::uuid`),
                sql`, `,
              )})`,
            ),
    /** Takes the counter row's lock: concurrent generations queue here, so numbers never collide or skip. */
    lockCounter: async (tx: DbOrTx) => (await tx.select().from(receiptCounter).where(eq(receiptCounter.id, 1)).for('update'))[0]!.last,
    setCounter: (tx: DbOrTx, last: number) => tx.update(receiptCounter).set({ last }).where(eq(receiptCounter.id, 1)),
    issuedUsers: async (tx: DbOrTx, taxYear: number) =>
      new Set(
        (await tx.select({ u: taxCertificates.userId }).from(taxCertificates).where(eq(taxCertificates.taxYear, taxYear))).map((r) => r.u),
      ),
    insert: (tx: DbOrTx, rows: (typeof taxCertificates.$inferInsert)[]) => tx.insert(taxCertificates).values(rows),
    list: (where: ReturnType<typeof eq>) => db.select().from(taxCertificates).where(where).orderBy(asc(taxCertificates.receiptNumber)),
    byId: async (id: string) => (await db.select().from(taxCertificates).where(eq(taxCertificates.id, id)))[0],
    markEmailed: (id: string) => db.update(taxCertificates).set({ emailedAt: new Date() }).where(eq(taxCertificates.id, id)),
    profile: async (userId: string) => (await db.select().from(donorTaxProfiles).where(eq(donorTaxProfiles.userId, userId)))[0]?.data,
    saveProfile: (userId: string, data: unknown) =>
      db
        .insert(donorTaxProfiles)
        .values({ userId, data })
        .onConflictDoUpdate({ target: donorTaxProfiles.userId, set: { data, updatedAt: new Date() } }),
  };
}
