import { and, asc, count, eq, gte, isNotNull, lt, notExists, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  donations,
  donorTaxProfiles,
  givingFunds,
  households,
  receiptCounter,
  taxCertificateGifts,
  taxCertificates,
  users,
  type TaxCertificateRow,
} from '../../db/schema/index';

/**
 * One array parameter, not one parameter per id: a tax year with more than 65,535 donors overflowed the
 * protocol's parameter count ("bind message has 9538 parameter formats but 0 parameters": the deliverability
 * check answered 503 at 100,000 donors; route budgets, issue 37). The ids are UUIDs from our own rows.
 */
const inIds = (col: AnyColumn, ids: string[]) => sql`${col} = any(${`{${ids.join(',')}}`}::uuid[])`;

const replaced = alias(taxCertificates, 'replaced');
const replacement = alias(taxCertificates, 'replacement');

/**
 * A gift to a fund the treasurer marked section 18A-eligible (issue 32). The one definition every certificate
 * figure uses: the run, its preview (deliverability), a replacement, and what makes a certificate out of date.
 */
export const toEligibleFund = (fund: AnyColumn | SQL) =>
  sql`exists (select 1 from ${givingFunds} f where f.name = ${fund} and f.section_18a)`;

/** Queries behind section 18A certificates and the IT3(d) export. */
export function createTaxRepository(db: Db) {
  return {
    /**
     * Completed gifts of identified donors to section 18A-eligible funds in [from, to) that no valid
     * certificate covers yet, ordered by donor then date: what a run certifies.
     */
    uncovered: (tx: DbOrTx, from: Date, to: Date) =>
      tx
        .select({
          userId: donations.userId,
          id: donations.id,
          givenAt: donations.givenAt,
          amountCents: donations.amountCents,
          fund: donations.fund,
        })
        .from(donations)
        .where(
          and(
            eq(donations.status, 'completed'),
            isNotNull(donations.userId),
            toEligibleFund(donations.fund),
            gte(donations.givenAt, from),
            lt(donations.givenAt, to),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(taxCertificateGifts)
                .where(and(eq(taxCertificateGifts.donationId, donations.id), eq(taxCertificateGifts.current, true))),
            ),
          ),
        )
        .orderBy(asc(donations.userId), asc(donations.givenAt)),
    /** Donors with their tax profile and household (name), by id. */
    donors: (tx: DbOrTx, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : tx
            .select({ user: users, profile: donorTaxProfiles.data, householdName: households.name })
            .from(users)
            .leftJoin(donorTaxProfiles, eq(donorTaxProfiles.userId, users.id))
            .leftJoin(households, eq(households.id, users.householdId))
            .where(inIds(users.id, ids)),
    /** The head of each household (who a combined certificate is issued to), with their tax profile. */
    heads: (tx: DbOrTx, householdIds: string[]) =>
      householdIds.length === 0
        ? Promise.resolve([])
        : tx
            .select({ user: users, profile: donorTaxProfiles.data, householdName: households.name })
            .from(users)
            .innerJoin(households, eq(households.id, users.householdId))
            .leftJoin(donorTaxProfiles, eq(donorTaxProfiles.userId, users.id))
            .where(and(inIds(users.householdId, householdIds), eq(users.householdRole, 'head')))
            .orderBy(asc(users.createdAt)),
    /** Takes the counter row's lock: concurrent generations queue here, so numbers never collide or skip. */
    lockCounter: async (tx: DbOrTx) => (await tx.select().from(receiptCounter).where(eq(receiptCounter.id, 1)).for('update'))[0]!.last,
    setCounter: (tx: DbOrTx, last: number) => tx.update(receiptCounter).set({ last }).where(eq(receiptCounter.id, 1)),
    /** Valid certificates of the tax year: the run's "issued before" figure. */
    validCount: async (tx: DbOrTx, taxYear: number) =>
      (
        await tx
          .select({ n: count() })
          .from(taxCertificates)
          .where(and(eq(taxCertificates.taxYear, taxYear), eq(taxCertificates.status, 'issued')))
      )[0]?.n ?? 0,
    insert: async (tx: DbOrTx, rows: (typeof taxCertificates.$inferInsert)[], links: (typeof taxCertificateGifts.$inferInsert)[]) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(taxCertificates).values(rows.slice(i, i + 500));
      for (let i = 0; i < links.length; i += 1000) await tx.insert(taxCertificateGifts).values(links.slice(i, i + 1000));
    },
    /** The valid certificate covering a gift, locked (a refund and a reissue of one certificate queue here). */
    async coveringForUpdate(tx: DbOrTx, donationId: string): Promise<TaxCertificateRow | undefined> {
      const [link] = await tx
        .select({ id: taxCertificateGifts.certificateId })
        .from(taxCertificateGifts)
        .where(and(eq(taxCertificateGifts.donationId, donationId), eq(taxCertificateGifts.current, true)));
      return link ? (await tx.select().from(taxCertificates).where(eq(taxCertificates.id, link.id)).for('update'))[0] : undefined;
    },
    byIdForUpdate: async (tx: DbOrTx, id: string) =>
      (await tx.select().from(taxCertificates).where(eq(taxCertificates.id, id)).for('update'))[0],
    /** The gifts a certificate covers, as the books hold them now. */
    covered: (tx: DbOrTx, certificateId: string) =>
      tx
        .select({
          id: donations.id,
          userId: donations.userId,
          status: donations.status,
          givenAt: donations.givenAt,
          amountCents: donations.amountCents,
          fund: donations.fund,
          eligible: sql<boolean>`${toEligibleFund(donations.fund)}`,
          certifiedCents: taxCertificateGifts.amountCents,
        })
        .from(taxCertificateGifts)
        .innerJoin(donations, eq(donations.id, taxCertificateGifts.donationId))
        .where(eq(taxCertificateGifts.certificateId, certificateId))
        .orderBy(asc(donations.givenAt), asc(donations.id)),
    /** Cancels a certificate: kept with why, when and by whom; its gifts are free for a replacement. */
    async cancel(tx: DbOrTx, id: string, reason: string, by: string | null) {
      await tx
        .update(taxCertificates)
        .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: reason, cancelledBy: by })
        .where(eq(taxCertificates.id, id));
      await tx.update(taxCertificateGifts).set({ current: false }).where(eq(taxCertificateGifts.certificateId, id));
    },
    /**
     * Valid certificates that no longer agree with the books: a gift on one was refunded or changed without
     * the certificate being replaced (certificates issued before coverage was recorded). The treasurer reissues them.
     */
    outOfDate: async (tx: DbOrTx, taxYear: number) => {
      const res = (await tx.execute(sql`
        select c.id, c.receipt_number, c.donor->>'name' as donor_name,
          count(*) filter (where d.status <> 'completed')::int as not_completed,
          count(*) filter (where d.status = 'completed' and d.amount_cents <> l.amount_cents)::int as changed,
          count(*) filter (where d.status = 'completed' and not ${toEligibleFund(sql`d.fund`)})::int as not_eligible
        from ${taxCertificates} c
        join ${taxCertificateGifts} l on l.certificate_id = c.id and l.current
        join ${donations} d on d.id = l.donation_id
        where c.tax_year = ${taxYear} and c.status = 'issued'
        group by c.id
        having count(*) filter (
          where d.status <> 'completed' or d.amount_cents <> l.amount_cents or not ${toEligibleFund(sql`d.fund`)}
        ) > 0
        order by c.receipt_number`)) as unknown as {
        rows: Array<{
          id: string;
          receipt_number: number;
          donor_name: string | null;
          not_completed: number;
          changed: number;
          not_eligible: number;
        }>;
      };
      return res.rows.map((r) => ({
        id: r.id,
        receiptNumber: Number(r.receipt_number),
        donorName: r.donor_name ?? '',
        notCompleted: Number(r.not_completed),
        changed: Number(r.changed),
        notEligible: Number(r.not_eligible),
      }));
    },
    /** Names of the funds marked section 18A-eligible (the tax page says when there are none). */
    eligibleFunds: async (tx: DbOrTx) =>
      (await tx.select({ name: givingFunds.name }).from(givingFunds).where(eq(givingFunds.section18a, true)).orderBy(asc(givingFunds.name))).map(
        (r) => r.name,
      ),
    /** Certificates with the receipt numbers of the one each replaces and the one that replaced it. */
    list: (where: SQL | undefined) =>
      db
        .select({ cert: taxCertificates, replaces: replaced.receiptNumber, replacedBy: replacement.receiptNumber })
        .from(taxCertificates)
        .leftJoin(replaced, eq(replaced.id, taxCertificates.replacesId))
        .leftJoin(replacement, eq(replacement.replacesId, taxCertificates.id))
        .where(where)
        .orderBy(asc(taxCertificates.receiptNumber)),
    byId: async (id: string) => (await db.select().from(taxCertificates).where(eq(taxCertificates.id, id)))[0],
    markEmailed: (id: string) => db.update(taxCertificates).set({ emailedAt: new Date() }).where(eq(taxCertificates.id, id)),
    profile: async (userId: string) => (await db.select().from(donorTaxProfiles).where(eq(donorTaxProfiles.userId, userId)))[0]?.data,
    /** A person with their household and its head's name (for the tax details form). */
    async person(userId: string) {
      const [row] = await db
        .select({ user: users, householdName: households.name })
        .from(users)
        .leftJoin(households, eq(households.id, users.householdId))
        .where(eq(users.id, userId));
      if (!row) return undefined;
      const head = row.user.householdId
        ? ((
            await db
              .select({ name: users.name })
              .from(users)
              .where(and(eq(users.householdId, row.user.householdId), eq(users.householdRole, 'head')))
              .orderBy(asc(users.createdAt))
              .limit(1)
          )[0]?.name ?? null)
        : null;
      return { ...row, head };
    },
    setAddress: (tx: DbOrTx, userId: string, address: string) =>
      tx.update(users).set({ address, updatedAt: new Date() }).where(eq(users.id, userId)),
    saveProfile: (tx: DbOrTx, userId: string, data: unknown) =>
      tx
        .insert(donorTaxProfiles)
        .values({ userId, data })
        .onConflictDoUpdate({ target: donorTaxProfiles.userId, set: { data, updatedAt: new Date() } }),
  };
}
export type TaxRepository = ReturnType<typeof createTaxRepository>;
