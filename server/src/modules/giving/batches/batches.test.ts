import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BATCH_TEXTS } from '@church/contract/giving-batches';
import { withSaIdCheckDigit } from '@church/contract/rules/sa-id';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { auditLog, donations, givingFunds } from '../../../db/schema/index';
import { CERTIFICATES_JOB } from '../certificate-runs';
import { localDate } from '../exports';

/**
 * Batches as counters work (issue 32): a Sunday's plate with named, new and anonymous givers, dated on
 * the batch's day, recounted and reopened with history; the members' gifts reach My Giving and their
 * section 18A certificate.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let thandi: Awaited<ReturnType<typeof createUser>>;
const TZ = 'Africa/Johannesburg';
const today = () => localDate(new Date(), TZ);
/** A past Sunday in the current tax year (1 March – 28 February), so the year's certificate can hold it. */
function aPastSunday() {
  const d = new Date(Date.now() - 3 * 86_400_000);
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
const taxYearOf = (day: string) => (Number(day.slice(5, 7)) >= 3 ? Number(day.slice(0, 4)) + 1 : Number(day.slice(0, 4)));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  thandi = await createUser(t, { name: 'Thandi Mokoena', phone: '082 555 1234', address: '4 Jacaranda Street, Pretoria' });
  await t.database.db.insert(givingFunds).values({ name: 'Building' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, token = admin.token) =>
  t.request({ method, url, token, payload });
const batchDetail = async (id: string) => json(await call('GET', `/api/giving/batches/${id}`)).data;

describe('the member picker', () => {
  it('finds a member by name, by a phone number written any way, and by envelope number', async () => {
    expect((await call('PUT', `/api/giving/donors/${thandi.user.id}/envelope`, { envelopeNumber: 'a17' })).statusCode).toBe(200);
    for (const q of ['thandi', '+27 82 555 1234', '0825551234', '27825551234', 'A17', 'a17']) {
      const donors = json(await call('GET', `/api/giving/donors?q=${encodeURIComponent(q)}`)).data.donors;
      expect(
        donors.map((d: { id: string }) => d.id),
        q,
      ).toContain(thandi.user.id);
    }
    const [found] = json(await call('GET', '/api/giving/donors?q=A17')).data.donors;
    expect(found).toMatchObject({ id: thandi.user.id, name: 'Thandi Mokoena', envelopeNumber: 'A17' });
  });

  it('gives an envelope number to one person only', async () => {
    const other = await createUser(t, { name: 'Sipho Dlamini' });
    const res = await call('PUT', `/api/giving/donors/${other.user.id}/envelope`, { envelopeNumber: 'A17' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(BATCH_TEXTS.envelopeTaken);
  });

  it('is for the treasurer: a member may not search people or add them', async () => {
    expect((await call('GET', '/api/giving/donors?q=thandi', undefined, thandi.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/giving/donors', { name: 'X Y', email: 'x@y.za' }, thandi.token)).statusCode).toBe(403);
  });
});

describe('a Sunday batch', () => {
  const sunday = aPastSunday();
  let batchId = '';
  let newcomerId = '';

  it('records a member, a new person added on the spot and loose cash, each dated on the batch’s day', async () => {
    const opened = await call('POST', '/api/giving/batches', { label: 'Sunday 09:00', countedTotal: 650, date: sunday });
    expect(opened.statusCode).toBe(201);
    batchId = json(opened).data.batch.id;
    expect(json(opened).data.batch.date).toBe(sunday);

    const added = await call('POST', '/api/giving/donors', {
      name: 'Lerato Newcomer',
      email: 'lerato@example.org',
      phone: '083 123 4567',
      envelopeNumber: 'B2',
    });
    expect(added.statusCode, added.body).toBe(201);
    newcomerId = json(added).data.donor.id;
    expect(json(added).data.donor.envelopeNumber).toBe('B2');

    const gifts = [
      { userId: thandi.user.id, amount: 300, fund: 'General', method: 'cash' },
      { userId: newcomerId, amount: 150, fund: 'Building', method: 'cheque', externalRef: 'Chq 000123' },
      { amount: 200, fund: 'General', method: 'cash' },
      { donorName: 'Visiting Choir', amount: 50, fund: 'General', method: 'snapscan' },
    ];
    for (const g of gifts) {
      const res = await call('POST', `/api/giving/batches/${batchId}/donations`, g);
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await t.database.db.select().from(donations).where(eq(donations.batchId, batchId));
    expect(rows.map((r) => localDate(r.givenAt, TZ))).toEqual([sunday, sunday, sunday, sunday]);
    // The member's gift carries the member (and the member's name), the loose cash nobody.
    const byAmount = new Map(rows.map((r) => [r.amountCents, r]));
    expect(byAmount.get(30000)).toMatchObject({ userId: thandi.user.id, donorName: 'Thandi Mokoena' });
    expect(byAmount.get(15000)).toMatchObject({ userId: newcomerId, donorName: 'Lerato Newcomer', paymentMethod: 'cheque' });
    expect(byAmount.get(20000)).toMatchObject({ userId: null, donorName: null });
    expect(byAmount.get(5000)).toMatchObject({ userId: null, donorName: 'Visiting Choir' });
  });

  it('refuses a gift dated after today and a donor who does not exist', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const late = await call('POST', `/api/giving/batches/${batchId}/donations`, {
      amount: 1,
      fund: 'General',
      method: 'cash',
      date: tomorrow,
    });
    expect(late.statusCode).toBe(400);
    expect(json(late).message).toBe(BATCH_TEXTS.futureDate(tomorrow, today()));
    const ghost = await call('POST', `/api/giving/batches/${batchId}/donations`, {
      userId: '00000000-0000-4000-8000-000000000000',
      amount: 1,
      fund: 'General',
      method: 'cash',
    });
    expect(ghost.statusCode).toBe(400);
    expect(json(ghost).message).toBe(BATCH_TEXTS.noDonor);
  });

  it('closes only balanced; a recount changes the counted total with a reason, from → to in the history', async () => {
    const refused = await call('POST', `/api/giving/batches/${batchId}/close`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toContain('do not match the counted total (R 650.00)');

    const noReason = await call('PATCH', `/api/giving/batches/${batchId}`, { countedTotal: 700 });
    expect(noReason.statusCode).toBe(400);
    const recount = await call('PATCH', `/api/giving/batches/${batchId}`, { countedTotal: 700, reason: 'Recounted: R 700 exactly' });
    expect(recount.statusCode).toBe(200);
    expect((await call('POST', `/api/giving/batches/${batchId}/close`)).statusCode).toBe(200);

    const { batch, history } = await batchDetail(batchId);
    expect(batch).toMatchObject({ status: 'closed', runningTotal: 700, countedTotal: 700, giftCount: 4 });
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(['opened', 'changed', 'closed']);
    expect(history[1]).toMatchObject({
      reason: 'Recounted: R 700 exactly',
      before: { countedCents: 65000, status: 'open' },
      after: { countedCents: 70000, status: 'open' },
      actorName: 'Anele Treasurer',
    });
    expect(history[2]).toMatchObject({ before: { status: 'open' }, after: { status: 'closed' } });
  });

  it('reopens with a reason (kept), takes the late envelope and a recount, and closes again', async () => {
    expect((await call('PATCH', `/api/giving/batches/${batchId}`, { countedTotal: 800, reason: 'Late envelope' })).statusCode).toBe(409);
    expect((await call('POST', `/api/giving/batches/${batchId}/reopen`, {})).statusCode).toBe(400);
    const reopened = await call('POST', `/api/giving/batches/${batchId}/reopen`, { reason: 'Envelope found in the vestry' });
    expect(reopened.statusCode).toBe(200);
    expect(json(reopened).data.batch.status).toBe('open');
    expect(
      (
        await call('POST', `/api/giving/batches/${batchId}/donations`, {
          userId: thandi.user.id,
          amount: 100,
          fund: 'General',
          method: 'bank',
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('PATCH', `/api/giving/batches/${batchId}`, { countedTotal: 800, reason: 'Late envelope added' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/giving/batches/${batchId}/close`)).statusCode).toBe(200);
    const { history } = await batchDetail(batchId);
    expect(history.map((h: { kind: string; reason: string | null }) => [h.kind, h.reason])).toEqual([
      ['opened', null],
      ['changed', 'Recounted: R 700 exactly'],
      ['closed', null],
      ['reopened', 'Envelope found in the vestry'],
      ['changed', 'Late envelope added'],
      ['closed', null],
    ]);
    expect(history[4]).toMatchObject({ before: { countedCents: 70000 }, after: { countedCents: 80000 } });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, batchId));
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['giving_batch.changed', 'giving_batch.changed', 'giving_batch.closed', 'giving_batch.closed', 'giving_batch.reopened'].sort(),
    );
  });

  it('puts the members’ gifts in their My Giving and on their section 18A certificate', async () => {
    const history = json(await call('GET', '/api/giving/user-history', undefined, thandi.token)).data;
    const mine = (history.donations ?? history.history ?? []) as Array<{ amount: number; paymentMethod: string }>;
    expect(mine.map((d) => [d.amount, d.paymentMethod]).sort()).toEqual([
      [100, 'bank'],
      [300, 'cash'],
    ]);
    const stats = json(await call('GET', '/api/giving/user-stats', undefined, thandi.token)).data;
    expect(stats.totalGiven).toBe(400);

    await call('PUT', '/api/giving/tax-settings', {
      pboName: 'Grace Community Church NPC',
      pboNumber: '930012345',
      npoNumber: '123-456 NPO',
      s18aApproved: true,
      address: '12 Church Street, Hatfield, Pretoria',
      bank: { bankName: 'FNB', accountName: 'Grace', accountNumber: '628', branchCode: '250655' },
    });
    await call('PUT', '/api/giving/tax-profile', { idNumber: withSaIdCheckDigit('850101580001'), taxNumber: '0123456789' }, thandi.token);
    // General pays for the church's approved public benefit activities here: the treasurer marks it section 18A-eligible.
    await t.database.db.update(givingFunds).set({ section18a: true }).where(eq(givingFunds.name, 'General'));
    // The batch is this week's: its tax year is running, which the treasurer confirms.
    const run = await call('POST', '/api/giving/certificates/runs', { taxYear: taxYearOf(sunday), confirmRunningYear: true });
    expect(run.statusCode, run.body).toBe(202);
    await t.ctx.jobs.drain({ names: [CERTIFICATES_JOB] });
    const certs = json(await call('GET', '/api/giving/certificates/mine', undefined, thandi.token)).data.certificates;
    expect(certs).toHaveLength(1);
    expect(certs[0].total).toBe(400);
  });
});

describe('a gift’s corrections', () => {
  it('keep from → to of the donor, method and date beside amount and fund', async () => {
    const b = json(await call('POST', '/api/giving/batches', { label: 'Midweek', countedTotal: 40 })).data.batch;
    await call('POST', `/api/giving/batches/${b.id}/donations`, { amount: 40, fund: 'General', method: 'card' });
    const [gift] = await t.database.db.select().from(donations).where(eq(donations.batchId, b.id));
    // The church's own card machine: the counter typed the amount, so the counter may correct it.
    const res = await call('POST', `/api/donations/${gift!.id}/correct`, { amount: 45, reason: 'Slip says R 45' });
    expect(res.statusCode, res.body).toBe(200);
    const corrected = json(res).data.history.at(-1);
    expect(corrected.before).toMatchObject({ amountCents: 4000, method: 'card', donorName: null });
    expect(corrected.after).toMatchObject({ amountCents: 4500, method: 'card' });
    expect(corrected.before.givenAt).toBe(gift!.givenAt.toISOString());
  });
});
