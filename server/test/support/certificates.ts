import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { withSaIdCheckDigit } from '@church/contract/rules/sa-id';
import { createUser, json, type TestApp } from '../test-app';
import { donations, taxCertificateGifts, taxCertificates } from '../../src/db/schema/index';
import { CERTIFICATES_JOB } from '../../src/modules/giving/certificate-runs';

/** What the certificate tests share: a church ready to issue, donors with complete details, runs to their end. */
export const PBO = {
  pboName: 'Grace Community Church NPC',
  pboNumber: '930012345',
  npoNumber: '123-456 NPO',
  s18aApproved: true,
  address: '12 Church Street, Hatfield, Pretoria, 0083',
};

let ids = 0;
export function certificateKit(t: TestApp) {
  const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => t.request({ method, url, token, payload });
  let admin: Awaited<ReturnType<typeof createUser>>;

  return {
    req,
    get admin() {
      return admin;
    },
    async setUp() {
      admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
      expect((await req('PUT', '/api/giving/tax-settings', admin.token, PBO)).statusCode).toBe(200);
      // Gifts go to General unless a test says otherwise: the treasurer marks it section 18A-eligible (a new fund is not).
      await this.eligible('General');
    },
    /** The treasurer marks a fund section 18A-eligible or not (creating it when it does not exist). */
    async eligible(name: string, section18a = true) {
      const funds = json(await req('GET', '/api/giving/funds', admin.token)).data.funds as { id: string; name: string }[];
      const found = funds.find((f) => f.name === name);
      const res = found
        ? await t.request({ method: 'PATCH', url: `/api/giving/funds/${found.id}`, token: admin.token, payload: { section18a } })
        : await req('POST', '/api/giving/funds', admin.token, { name, section18a });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return json(res).data.fund as { id: string; name: string; section18a: boolean };
    },
    /** A member whose details a certificate needs are complete. */
    async donor(name: string, extra: object = {}) {
      ids += 1;
      const d = await createUser(t, { name, address: `${ids} Main Road, Durban`, phone: '+27 82 000 0000' });
      const res = await req('PUT', '/api/giving/tax-profile', d.token, {
        idNumber: withSaIdCheckDigit(`850101580${String(ids).padStart(3, '0')}`),
        taxNumber: '0123456789',
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return d;
    },
    async give(userId: string, cents: number, givenAt: Date, extra: Partial<typeof donations.$inferInsert> = {}) {
      const [row] = await t.database.db
        .insert(donations)
        .values({ userId, amountCents: cents, status: 'completed', givenAt, paymentMethod: 'bank', ...extra })
        .returning();
      return row!;
    },
    /** Issues a tax year's certificates as the treasurer does: a run on the job queue, run to its end. */
    async generate(taxYear: number) {
      // A year still running asks for confirmation (the warning has its own tests in tax-eligibility.test.ts).
      const res = await req('POST', '/api/giving/certificates/runs', admin.token, { taxYear, confirmRunningYear: true });
      expect(res.statusCode, res.body).toBe(202);
      await t.ctx.jobs.drain({ names: [CERTIFICATES_JOB] });
      const run = json(await req('GET', `/api/giving/certificates/runs/${json(res).data.run.id}`, admin.token)).data.run;
      expect(run.status, run.error).toBe('done');
      return run as { issued: number; alreadyIssued: number; skipped: number; firstReceipt: string | null; lastReceipt: string | null };
    },
    certificatesOf: (userId: string) =>
      t.database.db.select().from(taxCertificates).where(eq(taxCertificates.userId, userId)).orderBy(taxCertificates.receiptNumber),
    /** The valid certificates covering a gift (a right answer has at most one). */
    coveringOf: async (donationId: string) =>
      (
        await t.database.db
          .select({ receipt: taxCertificates.receiptNumber })
          .from(taxCertificateGifts)
          .innerJoin(taxCertificates, eq(taxCertificates.id, taxCertificateGifts.certificateId))
          .where(and(eq(taxCertificateGifts.donationId, donationId), eq(taxCertificates.status, 'issued')))
      ).map((r) => r.receipt),
    async receipts() {
      const res = (await t.database.db.execute(sql`select receipt_number from tax_certificates order by 1`)) as unknown as {
        rows: { receipt_number: number }[];
      };
      return res.rows.map((r) => Number(r.receipt_number));
    },
    async it3d(taxYear: number, period: 'annual' | 'interim' = 'annual') {
      const res = await req('GET', `/api/giving/it3d?taxYear=${taxYear}&period=${period}`, admin.token);
      expect(res.statusCode).toBe(200);
      return res.body;
    },
  };
}
