import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { currentTaxYear } from '@church/contract/giving-tax';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { certificateKit } from '../../../test/support/certificates';
import { auditLog } from '../../db/schema/index';
import { CERTIFICATES_JOB } from './certificate-runs';

/**
 * Section 18A correctness (issue 32) and a tax year that has not ended (issue 31): only gifts to funds the
 * treasurer marked eligible reach a certificate — the run, its preview, the member's copy, the PDF and the ZIP
 * agree — the certificate prints its total in words, and a running year is issued only when confirmed.
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
const ENDED = currentTaxYear() - 1;
const RUNNING = currentTaxYear();
const pdfText = async (id: string, token: string) => {
  const res = await kit.req('GET', `/api/giving/certificates/${id}/pdf`, token);
  expect(res.statusCode).toBe(200);
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
};
const patchFund = (id: string, token: string, payload: object) => t.request({ method: 'PATCH', url: `/api/giving/funds/${id}`, token, payload });
const deliverability = async (taxYear: number) =>
  json(await kit.req('GET', `/api/giving/certificates/deliverability?taxYear=${taxYear}`, kit.admin.token)).data;

describe('funds marked section 18A-eligible', () => {
  it('a new fund is not eligible unless the treasurer says so; only finance managers change it, and the audit log keeps from → to', async () => {
    const plain = json(await kit.req('POST', '/api/giving/funds', kit.admin.token, { name: 'Worship Team' })).data.fund;
    expect(plain.section18a).toBe(false);
    const bursaries = json(await kit.req('POST', '/api/giving/funds', kit.admin.token, { name: 'Bursaries', section18a: true })).data.fund;
    expect(bursaries.section18a).toBe(true);

    const member = await createUser(t, { name: 'Curious Member' });
    const pastor = await createUser(t, { role: 'pastor' });
    expect((await patchFund(plain.id, member.token, { section18a: true })).statusCode).toBe(403);
    expect((await patchFund(plain.id, pastor.token, { section18a: true })).statusCode).toBe(403);
    expect((await patchFund(plain.id, '', { section18a: true })).statusCode).toBe(401);
    const empty = await patchFund(plain.id, kit.admin.token, {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toContain('Say what to change');
    expect((await patchFund(plain.id, kit.admin.token, { section18a: 'yes' })).statusCode).toBe(400);
    expect((await patchFund('00000000-0000-4000-8000-000000000000', kit.admin.token, { section18a: true })).statusCode).toBe(404);

    const changed = await patchFund(plain.id, kit.admin.token, { section18a: true });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).data.fund).toMatchObject({ name: 'Worship Team', section18a: true, active: true });
    // Everyone signed in reads the flag (a member may see which funds are tax-deductible).
    const seen = json(await kit.req('GET', '/api/giving/funds', member.token)).data.funds;
    expect(seen.find((f: { name: string }) => f.name === 'Worship Team').section18a).toBe(true);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, plain.id), eq(auditLog.action, 'giving_fund.updated')));
    expect(entry!.summary).toBe('Fund Worship Team: marked section 18A-eligible');
    expect(entry!.before).toMatchObject({ section18a: false });
    expect(entry!.after).toMatchObject({ section18a: true });
    // Back to not eligible, as the test below relies on.
    expect((await patchFund(plain.id, kit.admin.token, { section18a: false })).statusCode).toBe(200);
  });

  it('a gift to a fund that is not eligible never reaches a certificate: preview, run, member’s copy, PDF and ZIP agree', async () => {
    await kit.eligible('Building Fund', false);
    const both = await kit.donor('Lerato Mixed');
    await kit.give(both.user.id, 123_456, new Date('2025-04-10T10:00:00Z')); // General: eligible
    await kit.give(both.user.id, 50_000, new Date('2025-05-10T10:00:00Z'), { fund: 'Building Fund' });
    const onlyBuilding = await kit.donor('Sipho Builder');
    await kit.give(onlyBuilding.user.id, 90_000, new Date('2025-06-10T10:00:00Z'), { fund: 'Building Fund' });

    // The preview counts only the eligible gift, and says which funds are eligible.
    const before = await deliverability(YEAR);
    expect(before.ready).toEqual({ certificates: 1, total: 1234.56 });
    expect(before.eligibleFunds).toContain('General');
    expect(before.eligibleFunds).not.toContain('Building Fund');

    const run = await kit.generate(YEAR);
    expect(run.issued).toBe(1);
    const [cert] = json(await kit.req('GET', '/api/giving/certificates/mine', both.token)).data.certificates;
    expect(cert).toMatchObject({ total: 1234.56, giftCount: 1, giftsUpTo: null });
    expect(json(await kit.req('GET', '/api/giving/certificates/mine', onlyBuilding.token)).data.certificates).toEqual([]);
    const rows = await kit.certificatesOf(both.user.id);
    expect((rows[0]!.gifts as { fund: string }[]).map((g) => g.fund)).toEqual(['General']);

    const text = await pdfText(cert.id, both.token);
    expect(text).toContain('Total: R 1,234.56');
    expect(text).toContain('Amount in words: One thousand two hundred and thirty-four rand and fifty-six cents');
    expect(text).not.toContain('Building Fund');
    expect(text).not.toContain('Gifts received up to');

    // The ZIP holds that certificate and no other; a second run finds nothing more to issue.
    const zip = await kit.req('GET', `/api/giving/certificates/zip?taxYear=${YEAR}`, kit.admin.token);
    expect(zip.rawPayload.includes(Buffer.from(`section-18a-${cert.receiptNumber}.pdf`))).toBe(true);
    expect((await kit.generate(YEAR)).issued).toBe(0);
    expect((await deliverability(YEAR)).ready).toEqual({ certificates: 0, total: 0 });
  });

  it('a certified gift moved to a fund that is not eligible leaves its certificate (cancelled and replaced without it)', async () => {
    await kit.eligible('Outreach');
    const donor = await kit.donor('Thabo Moved');
    const stays = await kit.give(donor.user.id, 20_000, new Date('2025-07-01T10:00:00Z'));
    const moves = await kit.give(donor.user.id, 30_000, new Date('2025-07-02T10:00:00Z'), { fund: 'Outreach' });
    await kit.generate(YEAR);
    const res = await kit.req('POST', `/api/donations/${moves.id}/correct`, kit.admin.token, {
      fund: 'Building Fund',
      reason: 'It was for the hall',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [cancelled, replacement] = await kit.certificatesOf(donor.user.id);
    expect(cancelled!.status).toBe('cancelled');
    expect(cancelled!.cancelReason).toContain('moved to Building Fund, which is not section 18A-eligible');
    expect(replacement).toMatchObject({ status: 'issued', totalCents: 20_000, replacesId: cancelled!.id });
    expect(await kit.coveringOf(moves.id)).toEqual([]);
    expect(await kit.coveringOf(stays.id)).toEqual([replacement!.receiptNumber]);
  });

  it('a fund marked not eligible after its gifts were certified: those certificates are listed as out of date, and a reissue drops the gifts', async () => {
    const fund = await kit.eligible('Youth Camp');
    const donor = await kit.donor('Ayanda Camp');
    const kept = await kit.give(donor.user.id, 15_000, new Date('2025-08-01T10:00:00Z'));
    const camp = await kit.give(donor.user.id, 25_000, new Date('2025-08-02T10:00:00Z'), { fund: 'Youth Camp' });
    await kit.generate(YEAR);
    const [cert] = await kit.certificatesOf(donor.user.id);
    expect((await patchFund(fund.id, kit.admin.token, { section18a: false })).statusCode).toBe(200);

    const stale = (await deliverability(YEAR)).outOfDate.find((c: { id: string }) => c.id === cert!.id);
    expect(stale.problem).toBe('1 gift to a fund that is not section 18A-eligible');
    const re = await kit.req('POST', `/api/giving/certificates/${cert!.id}/reissue`, kit.admin.token, { reason: 'Camp fund is not 18A' });
    expect(re.statusCode, re.body).toBe(200);
    expect(json(re).data.replacement).toMatchObject({ total: 150, giftCount: 1 });
    expect(await kit.coveringOf(camp.id)).toEqual([]);
    expect(await kit.coveringOf(kept.id)).toHaveLength(1);
    expect((await deliverability(YEAR)).outOfDate.find((c: { id: string }) => c.id === cert!.id)).toBeUndefined();
  });
});

describe('a tax year that has not ended', () => {
  it('asks the treasurer to confirm, and the member’s copy says it covers the gifts up to its date', async () => {
    const donor = await kit.donor('Naledi Early');
    await kit.give(donor.user.id, 7_500, new Date(Date.now() - 60_000));

    const refused = await kit.req('POST', '/api/giving/certificates/runs', kit.admin.token, { taxYear: RUNNING });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toMatch(
      new RegExp(`^The ${RUNNING - 1}/${String(RUNNING).slice(2)} tax year has not ended \\(it runs until 2[89] February ${RUNNING}\\).*Confirm to issue them anyway\\.$`),
    );
    expect(await kit.certificatesOf(donor.user.id)).toEqual([]);
    // Only finance managers may ask at all.
    expect((await kit.req('POST', '/api/giving/certificates/runs', donor.token, { taxYear: RUNNING, confirmRunningYear: true })).statusCode).toBe(403);
    expect((await kit.req('POST', '/api/giving/certificates/runs', kit.admin.token, { taxYear: RUNNING, confirmRunningYear: 'yes' })).statusCode).toBe(400);

    await kit.generate(RUNNING); // confirmed
    const [cert] = json(await kit.req('GET', '/api/giving/certificates/mine', donor.token)).data.certificates;
    expect(cert.giftsUpTo).not.toBeNull();
    expect(new Date(cert.giftsUpTo).getTime()).toBeGreaterThanOrEqual(new Date(cert.issuedAt).getTime() - 5_000);
    const text = await pdfText(cert.id, donor.token);
    const today = new Date().toLocaleDateString('en-ZA', { timeZone: 'Africa/Johannesburg', day: 'numeric', month: 'long', year: 'numeric' });
    expect(text).toContain(`Gifts received up to: ${today}`);
    expect(text).toContain(`This certificate covers the gifts received up to ${today}: it was issued before the tax year ended.`);
    expect(text).toContain('Amount in words: Seventy-five rand');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax_certificates.requested'), eq(auditLog.entityId, String(RUNNING))));
    expect(audit!.summary).toContain('the year has not ended: confirmed to issue for the gifts so far');
  });

  it('a year that has ended needs no confirmation and its certificates cover the whole year', async () => {
    const donor = await kit.donor('Kagiso Late');
    await kit.give(donor.user.id, 4_000, new Date(`${ENDED - 1}-09-01T10:00:00Z`));
    const res = await kit.req('POST', '/api/giving/certificates/runs', kit.admin.token, { taxYear: ENDED });
    expect(res.statusCode, res.body).toBe(202);
    await t.ctx.jobs.drain({ names: [CERTIFICATES_JOB] });
    const [cert] = json(await kit.req('GET', '/api/giving/certificates/mine', donor.token)).data.certificates;
    expect(cert.giftsUpTo).toBeNull();
    expect(await pdfText(cert.id, donor.token)).not.toContain('Gifts received up to');
  });
});
