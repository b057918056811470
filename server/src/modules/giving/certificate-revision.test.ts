import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { certificateKit } from '../../../test/support/certificates';
import { auditLog, emailOutbox, taxCertificateGifts, taxCertificates } from '../../db/schema/index';
import { CERTIFICATES_JOB } from './certificate-runs';

/**
 * A refund or correction of a gift on an issued certificate reaches the
 * certificate (SARS practice, issue 12): the certificate is cancelled — kept,
 * with why and when, its number never reused — and a replacement is issued
 * under the next number of the same sequence. IT3(d) counts valid
 * certificates only.
 */
let t: TestApp;
let kit: ReturnType<typeof certificateKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = certificateKit(t);
  await kit.setUp();
});
afterAll(() => t.close());

const YEAR = 2026;
const at = (d: string) => new Date(`${d}T10:00:00Z`);
const refund = (id: string, reason: string) => kit.req('POST', `/api/donations/${id}/refund`, kit.admin.token, { reason });
const correct = (id: string, body: object) => kit.req('POST', `/api/donations/${id}/correct`, kit.admin.token, body);
const listed = async (taxYear = YEAR) =>
  json(await kit.req('GET', `/api/giving/certificates?taxYear=${taxYear}`, kit.admin.token)).data.certificates;
const it3dLines = async (taxYear = YEAR) => parse(await kit.it3d(taxYear), { columns: true }) as Record<string, string>[];
const audit = (entityId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
const R = (n: number) => `R${String(n).padStart(6, '0')}`;

describe('a refund or correction of a certified gift', () => {
  it('a refund cancels the certificate (kept, with why and when) and a replacement takes the next number; IT3(d) reports only it', async () => {
    const naledi = await kit.donor('Naledi Refund');
    const keep = await kit.give(naledi.user.id, 10_000, at('2025-04-10'));
    const back = await kit.give(naledi.user.id, 25_000, at('2025-09-10'));
    await kit.generate(YEAR);
    const [original] = await kit.certificatesOf(naledi.user.id);
    expect(original!.totalCents).toBe(35_000);

    const res = await refund(back.id, 'Given twice by mistake');
    expect(res.statusCode, res.body).toBe(200);
    const [cancelled, replacement] = await kit.certificatesOf(naledi.user.id);
    expect(cancelled).toMatchObject({
      id: original!.id,
      receiptNumber: original!.receiptNumber,
      status: 'cancelled',
      cancelReason: 'Gift of R 250.00 on 2025-09-10 refunded: Given twice by mistake',
      cancelledBy: kit.admin.user.id,
    });
    expect(cancelled!.cancelledAt).not.toBeNull();
    expect(replacement).toMatchObject({
      status: 'issued',
      totalCents: 10_000,
      replacesId: original!.id,
      receiptNumber: Math.max(...(await kit.receipts())),
    });
    expect(replacement!.receiptNumber).toBeGreaterThan(original!.receiptNumber);
    expect(await kit.coveringOf(keep.id)).toEqual([replacement!.receiptNumber]);
    expect(await kit.coveringOf(back.id)).toEqual([]);
    // The cancelled certificate still says what it covered.
    const kept = await t.database.db.select().from(taxCertificateGifts).where(eq(taxCertificateGifts.certificateId, original!.id));
    expect(kept.map((l) => [l.amountCents, l.current]).sort()).toEqual([
      [10_000, false],
      [25_000, false],
    ]);

    const rows = await listed();
    expect(rows.find((c: { id: string }) => c.id === original!.id)).toMatchObject({
      status: 'cancelled',
      replacedBy: R(replacement!.receiptNumber),
      cancelReason: 'Gift of R 250.00 on 2025-09-10 refunded: Given twice by mistake',
    });
    expect(rows.find((c: { id: string }) => c.id === replacement!.id)).toMatchObject({
      status: 'issued',
      replaces: R(original!.receiptNumber),
      total: 100,
      giftsFrom: '2025-04-10T10:00:00.000Z',
      giftsTo: '2025-04-10T10:00:00.000Z',
    });
    const hers = (await it3dLines()).filter((l) => l['Donor name'] === 'Naledi Refund');
    expect(hers.map((l) => [l['Receipt number'], l['Amount (R)']])).toEqual([[R(replacement!.receiptNumber), '100.00']]);

    expect((await audit(back.id)).map((a) => a.action)).toContain('donation.refunded');
    expect((await audit(original!.id)).map((a) => [a.action, a.actorName])).toEqual([['tax_certificate.cancelled', 'Anele Treasurer']]);
    const [issued] = await audit(replacement!.id);
    expect(issued).toMatchObject({ action: 'tax_certificate.issued', actorName: 'Anele Treasurer' });
    expect(issued!.summary).toBe(
      `Issued section 18A certificate ${R(replacement!.receiptNumber)} to Naledi Refund (R 100.00), replacing ${R(original!.receiptNumber)}`,
    );

    // The donor sees both; e-mailing sends the replacement (and says what it replaces), never the cancelled one.
    const mine = json(await kit.req('GET', '/api/giving/certificates/mine', naledi.token)).data.certificates;
    expect(mine.map((c: { status: string }) => c.status)).toEqual(['cancelled', 'issued']);
    await kit.req('POST', '/api/giving/certificates/email', kit.admin.token, { taxYear: YEAR });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, naledi.user.email!));
    expect(mails.map((m) => m.subject)).toEqual([`Your section 18A tax certificate ${R(replacement!.receiptNumber)}`]);
    // Nothing is left to issue: the kept gift is on the replacement, the refunded one on none.
    expect((await kit.generate(YEAR)).issued).toBe(0);
  });

  it('an amount correction cancels and replaces; moving a gift to another fund does not; refunding the only gift leaves no replacement', async () => {
    const sipho = await kit.donor('Sipho Correction');
    const gift = await kit.give(sipho.user.id, 30_000, at('2025-05-05'));
    const solo = await kit.donor('Lindiwe Single');
    const only = await kit.give(solo.user.id, 5_000, at('2025-06-06'));
    await kit.generate(YEAR);
    const [first] = await kit.certificatesOf(sipho.user.id);
    await kit.eligible('Missions'); // eligible too: a move between eligible funds leaves the certificate right

    expect((await correct(gift.id, { fund: 'Missions', reason: 'Donor asked for Missions' })).statusCode).toBe(200);
    expect(await kit.certificatesOf(sipho.user.id)).toEqual([expect.objectContaining({ id: first!.id, status: 'issued' })]);

    expect((await correct(gift.id, { amount: 300.5, reason: 'Counted wrongly' })).statusCode).toBe(200);
    const [was, now] = await kit.certificatesOf(sipho.user.id);
    expect(was).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Gift of R 300.00 on 2025-05-05 corrected to R 300.50: Counted wrongly',
    });
    expect(now).toMatchObject({ status: 'issued', totalCents: 30_050, replacesId: first!.id });
    expect(now!.gifts).toEqual([expect.objectContaining({ donationId: gift.id, amountCents: 30_050, fund: 'Missions' })]);

    expect((await refund(only.id, 'Returned to the donor')).statusCode).toBe(200);
    const [gone] = await kit.certificatesOf(solo.user.id);
    expect(gone).toMatchObject({ status: 'cancelled' });
    expect(await kit.certificatesOf(solo.user.id)).toHaveLength(1);
    expect((await audit(gone!.id)).map((a) => a.action).sort()).toEqual(['tax_certificate.cancelled', 'tax_certificate.not_replaced']);
    expect((await it3dLines()).find((l) => l['Donor name'] === 'Lindiwe Single')).toBeUndefined();
  });

  it('without complete donor details there is no replacement yet; the next run issues it once they are entered', async () => {
    const busi = await kit.donor('Busi Incomplete');
    const a = await kit.give(busi.user.id, 7_000, at('2025-07-07'));
    const b = await kit.give(busi.user.id, 3_000, at('2025-08-08'));
    await kit.generate(YEAR);
    const profile = `/api/giving/donors/${busi.user.id}/tax-profile`;
    const details = json(await kit.req('GET', profile, kit.admin.token)).data;
    await kit.req('PUT', profile, kit.admin.token, { ...details.profile, address: '' });

    expect((await refund(b.id, 'Bounced')).statusCode).toBe(200);
    expect((await kit.certificatesOf(busi.user.id)).map((c) => c.status)).toEqual(['cancelled']);
    const [why] = (await audit((await kit.certificatesOf(busi.user.id))[0]!.id)).filter((x) => x.action === 'tax_certificate.not_replaced');
    expect(why!.summary).toContain('the address is missing');
    const gaps = json(await kit.req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, kit.admin.token)).data.donors;
    expect(gaps.find((g: { userId: string }) => g.userId === busi.user.id)).toMatchObject({ total: 70, missing: ['address'] });

    await kit.req('PUT', profile, kit.admin.token, { ...details.profile, address: '4 Long Street, Cape Town' });
    expect((await kit.generate(YEAR)).issued).toBe(1);
    const certs = await kit.certificatesOf(busi.user.id);
    expect(certs.map((c) => [c.status, c.totalCents])).toEqual([
      ['cancelled', 10_000],
      ['issued', 7_000],
    ]);
    expect(await kit.coveringOf(a.id)).toEqual([certs[1]!.receiptNumber]);
  });

  it('certificates that disagree with the books are listed; the treasurer cancels and reissues one (finance managers only)', async () => {
    const ruth = await kit.donor('Ruth Legacy');
    const gift = await kit.give(ruth.user.id, 20_000, at('2025-10-10'));
    await kit.generate(YEAR);
    const [cert] = await kit.certificatesOf(ruth.user.id);
    // As a certificate issued before coverage was recorded and then corrected would be: it certified another amount.
    await t.database.db.update(taxCertificateGifts).set({ amountCents: 25_000 }).where(eq(taxCertificateGifts.certificateId, cert!.id));
    const attention = json(await kit.req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, kit.admin.token)).data;
    expect(attention.outOfDate).toEqual([
      { _id: cert!.id, id: cert!.id, receiptNumber: R(cert!.receiptNumber), donorName: 'Ruth Legacy', problem: '1 gift changed in amount' },
    ]);

    const url = `/api/giving/certificates/${cert!.id}/reissue`;
    const pastor = await createUser(t, { role: 'pastor' });
    expect((await kit.req('POST', url, pastor.token, { reason: 'Amount disagreed' })).statusCode).toBe(403);
    expect((await kit.req('POST', url, ruth.token, { reason: 'Amount disagreed' })).statusCode).toBe(403);
    expect((await kit.req('POST', url, undefined, { reason: 'Amount disagreed' })).statusCode).toBe(401);
    expect((await kit.req('POST', url, kit.admin.token, { reason: 'x' })).statusCode).toBe(400);
    const done = await kit.req('POST', url, kit.admin.token, { reason: 'Amount disagreed with the books' });
    expect(done.statusCode, done.body).toBe(200);
    const body = json(done);
    expect(body.data.cancelled).toMatchObject({ id: cert!.id, status: 'cancelled', cancelReason: 'Amount disagreed with the books' });
    expect(body.data.replacement).toMatchObject({ status: 'issued', total: 200, replaces: R(cert!.receiptNumber) });
    expect(body.message).toBe(`Certificate ${R(cert!.receiptNumber)} cancelled and replaced by ${body.data.replacement.receiptNumber}`);
    expect(await kit.coveringOf(gift.id)).toEqual([Number(body.data.replacement.receiptNumber.slice(1))]);
    expect(json(await kit.req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, kit.admin.token)).data.outOfDate).toEqual(
      [],
    );
    expect((await kit.req('POST', url, kit.admin.token, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('refunds while a run issues the same gifts: no valid certificate is left holding a refunded gift', async () => {
    const year = 2025;
    const people = await Promise.all(['Ama', 'Kofi', 'Zola'].map((n) => kit.donor(`${n} Race`)));
    const gifts = [];
    for (const p of people) {
      gifts.push(await kit.give(p.user.id, 10_000, at('2024-05-01')), await kit.give(p.user.id, 1_000, at('2024-06-01')));
    }
    const run = await kit.req('POST', '/api/giving/certificates/runs', kit.admin.token, { taxYear: year });
    expect(run.statusCode).toBe(202);
    const refunds = [gifts[1]!, gifts[3]!, gifts[5]!].map((g) => refund(g.id, 'Refunded during the run'));
    await Promise.all([t.ctx.jobs.drain({ names: [CERTIFICATES_JOB] }), ...refunds]);
    expect((await Promise.all(refunds)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const outOfDate = json(await kit.req('GET', `/api/giving/certificates/deliverability?taxYear=${year}`, kit.admin.token)).data.outOfDate;
    expect(outOfDate).toEqual([]);
    for (const g of [gifts[0]!, gifts[2]!, gifts[4]!]) expect(await kit.coveringOf(g.id)).toHaveLength(1);
    for (const g of [gifts[1]!, gifts[3]!, gifts[5]!]) expect(await kit.coveringOf(g.id)).toEqual([]);
    const valid = await t.database.db
      .select()
      .from(taxCertificates)
      .where(
        and(
          eq(taxCertificates.taxYear, year),
          eq(taxCertificates.status, 'issued'),
          inArray(
            taxCertificates.userId,
            people.map((p) => p.user.id),
          ),
        ),
      );
    expect(valid.map((c) => c.totalCents)).toEqual([10_000, 10_000, 10_000]);
    const all = await kit.receipts();
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const res = (await t.database.db.execute(sql`select last from receipt_counter`)) as unknown as { rows: { last: number }[] };
    expect(Number(res.rows[0]!.last)).toBe(all.length);
  });

  it('IT3(d) cells a spreadsheet would run as a formula are escaped like every other export', async () => {
    const evil = await kit.donor('=HYPERLINK("http://evil.example","Click")', { tradingName: '@SUM(1+1)' });
    await kit.give(evil.user.id, 1_000, at('2025-11-11'));
    await kit.generate(YEAR);
    const line = (await it3dLines()).find((l) => l['Donor name']?.includes('HYPERLINK'))!;
    expect(line['Donor name']).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(line['Trading name']).toBe(`'@SUM(1+1)`);
    expect(line.Telephone).toBe(`'+27 82 000 0000`);
    expect(line['Amount (R)']).toBe('10.00');
  });
});
