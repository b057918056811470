import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { MIGRATIONS_DIR } from '../../db/client';
import { donations, taxCertificateGifts, taxCertificates } from '../../db/schema/index';

/**
 * Migration 0026 links the certificates issued before coverage was recorded to
 * the donations their frozen gift lines name. The statement is read from the
 * migration file itself and run on rows shaped as the old code wrote them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const backfill = () => {
  const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_tax_certificate_coverage.sql'))!;
  const parts = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint');
  return parts.find((p) => p.includes('INSERT INTO "tax_certificate_gifts"'))!;
};

describe('migration: coverage of certificates issued before it', () => {
  it("links each frozen gift line to the holder's or a household member's donation, at the certified amount", async () => {
    const head = await createUser(t, { name: 'Head Dube' });
    const spouse = await createUser(t, { name: 'Spouse Dube' });
    const other = await createUser(t, { name: 'Other Giver' });
    const at = (d: string) => new Date(`${d}T08:00:00.000Z`);
    const [a, b, c, d] = await t.database.db
      .insert(donations)
      .values([
        { userId: head.user.id, amountCents: 10000, status: 'completed', givenAt: at('2025-04-01') },
        // Corrected after the certificate was issued (it certified R 200.00).
        { userId: spouse.user.id, amountCents: 15000, status: 'completed', givenAt: at('2025-05-01') },
        // Given at the same instant by someone not on the certificate: not linked.
        { userId: other.user.id, amountCents: 10000, status: 'completed', givenAt: at('2025-04-01') },
        // The holder's gift after the certificate: not linked, a later run certifies it.
        { userId: head.user.id, amountCents: 7000, status: 'completed', givenAt: at('2025-12-01') },
      ])
      .returning();
    const [cert] = await t.database.db
      .insert(taxCertificates)
      .values({
        receiptNumber: 70001,
        taxYear: 2026,
        userId: head.user.id,
        contributorIds: [spouse.user.id],
        totalCents: 30000,
        pbo: {},
        donor: { name: 'Head Dube' },
        gifts: [
          { date: a!.givenAt.toISOString(), amountCents: 10000, fund: 'General' },
          { date: b!.givenAt.toISOString(), amountCents: 20000, fund: 'General', giver: 'Spouse Dube' },
        ],
      })
      .returning();
    await t.database.db.execute(sql.raw(backfill()));
    const links = await t.database.db
      .select()
      .from(taxCertificateGifts)
      .where(sql`${taxCertificateGifts.certificateId} = ${cert!.id}`);
    expect(links.map((l) => [l.donationId, l.amountCents, l.current]).sort()).toEqual(
      [
        [a!.id, 10000, true],
        [b!.id, 20000, true],
      ].sort(),
    );
    expect(links.map((l) => l.donationId)).not.toContain(c!.id);
    expect(links.map((l) => l.donationId)).not.toContain(d!.id);
    // Run again (a re-applied statement): nothing doubles.
    await t.database.db.execute(sql.raw(backfill()));
    expect(await t.database.db.select().from(taxCertificateGifts)).toHaveLength(2);
  });
});
