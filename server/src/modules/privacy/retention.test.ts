import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '@church/contract/privacy';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { auditLog, donations, donorTaxProfiles, givingSubscriptions, taxCertificates } from '../../db/schema/index';
import { databaseExecutor } from '../../jobs/executor';
import { deidentifyExpiredRecords, nextRetentionRun, RETENTION_JOB, retentionStart } from './retention';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe('retention start: five years after the end of the tax year (1 March – end of February)', () => {
  it.each([
    ['2031-03-01', '2026-03-01'],
    ['2031-02-28', '2025-03-01'],
    ['2031-11-25', '2026-03-01'],
    ['2032-01-10', '2026-03-01'],
  ])('on %s records from before %s are past retention', (now, start) => {
    expect(retentionStart(at(now)).toISOString().slice(0, 10)).toBe(start);
  });
});

describe('the retention job (deleted members only)', () => {
  let goneId: string;
  let stayId: string;
  const gifts: Record<string, string> = {};

  beforeAll(async () => {
    const gone = await createUser(t, { name: 'Sibusiso Leaving' });
    const stay = await createUser(t, { name: 'Ayanda Staying' });
    goneId = gone.user.id;
    stayId = stay.user.id;
    const gift = async (key: string, userId: string, donorName: string, givenAt: string) => {
      const [row] = await t.database.db
        .insert(donations)
        .values({
          userId,
          donorName,
          amountCents: 50000,
          fund: 'Building',
          note: 'In memory of my father',
          externalRef: 'FNB 1234',
          givenAt: at(givenAt),
        })
        .returning();
      gifts[key] = row!.id;
    };
    // Tax years 2020 (March 2019 – February 2020), 2026 (its last days) and 2028.
    await gift('old', goneId, 'Sibusiso Leaving', '2019-06-01');
    await gift('edge', goneId, 'Sibusiso Leaving', '2026-02-27');
    await gift('recent', goneId, 'Sibusiso Leaving', '2027-04-01');
    await gift('member', stayId, 'Ayanda Staying', '2019-06-01');
    await t.database.db.insert(donorTaxProfiles).values({ userId: goneId, data: { idNumber: '8501015800083', taxNumber: '0123456789' } });
    const donor = { name: 'Sibusiso Leaving', idNumber: '8501015800083', address: '3 Long Street' };
    await t.database.db.insert(taxCertificates).values([
      { receiptNumber: 9001, taxYear: 2020, userId: goneId, totalCents: 50000, pbo: {}, donor, gifts: [] },
      { receiptNumber: 9002, taxYear: 2028, userId: goneId, totalCents: 50000, pbo: {}, donor, gifts: [] },
      { receiptNumber: 9003, taxYear: 2020, userId: stayId, totalCents: 50000, pbo: {}, donor: { name: 'Ayanda Staying' }, gifts: [] },
    ]);
    await t.database.db.insert(givingSubscriptions).values({
      userId: goneId,
      provider: 'payfast',
      token: 'tok-card-of-sibusiso',
      reference: 'SUB-RETENTION-1',
      amountCents: 10000,
      frequency: 'monthly',
      fund: 'General',
      status: 'cancelled',
      cancelledAt: at('2019-07-01'),
    });
    const del = await t.request({
      method: 'DELETE',
      url: '/api/members/profile',
      token: gone.token,
      payload: { password: TEST_PASSWORD, confirmation: 'DELETE' },
    });
    expect(del.statusCode).toBe(200);
  });

  const giftRows = async () =>
    Object.fromEntries(
      (
        await t.database.db
          .select()
          .from(donations)
          .where(inArray(donations.id, Object.values(gifts)))
      ).map((r) => [Object.entries(gifts).find(([, id]) => id === r.id)![0], r]),
    );

  it('keeps everything while the five years run', async () => {
    expect(await deidentifyExpiredRecords(t.database.db, at('2024-11-25'))).toEqual({
      donations: 0,
      certificates: 0,
      taxProfiles: 0,
      subscriptions: 0,
    });
    // The name and the note went with the account (erase-copies.ts); the bank reference waits for the five years.
    expect((await giftRows()).old).toMatchObject({ donorName: PRIVACY_TEXTS.formerMember, note: null, externalRef: 'FNB 1234' });
  });

  it('takes the person out of records past retention: amounts stay, names, notes, ID numbers and card tokens go', async () => {
    const result = await deidentifyExpiredRecords(t.database.db, at('2031-02-28'));
    expect(result).toEqual({ donations: 1, certificates: 1, taxProfiles: 0, subscriptions: 1 });
    const g = await giftRows();
    expect(g.old).toMatchObject({
      donorName: PRIVACY_TEXTS.formerMember,
      note: null,
      externalRef: null,
      amountCents: 50000,
      fund: 'Building',
    });
    // Tax year 2026 ends with February 2026: its five years are not over until 1 March 2031.
    expect(g.edge).toMatchObject({ donorName: PRIVACY_TEXTS.formerMember, externalRef: 'FNB 1234' });
    expect(g.recent).toMatchObject({ donorName: PRIVACY_TEXTS.formerMember, externalRef: 'FNB 1234' });
    // A member who did not delete their account keeps their own history.
    expect(g.member).toMatchObject({ donorName: 'Ayanda Staying', note: 'In memory of my father' });
    const certs = await t.database.db
      .select()
      .from(taxCertificates)
      .where(inArray(taxCertificates.receiptNumber, [9001, 9002, 9003]));
    const byNo = Object.fromEntries(certs.map((c) => [c.receiptNumber, c]));
    expect(byNo[9001]!.donor).toEqual({ name: PRIVACY_TEXTS.formerMember });
    expect(byNo[9001]!.totalCents).toBe(50000);
    expect(byNo[9002]!.donor).toMatchObject({ idNumber: '8501015800083' });
    expect(byNo[9003]!.donor).toEqual({ name: 'Ayanda Staying' });
    const [sub] = await t.database.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.userId, goneId));
    expect(sub!.token).toBeNull();
    // The ID and tax numbers stay while a younger gift or certificate needs them.
    expect(await t.database.db.select().from(donorTaxProfiles).where(eq(donorTaxProfiles.userId, goneId))).toHaveLength(1);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.retention'));
    expect(entry).toMatchObject({ actorName: 'system', entityId: '2025-03-01' });
    // Run again the same day: nothing left to do, nothing logged twice.
    expect(await deidentifyExpiredRecords(t.database.db, at('2031-02-28'))).toEqual({
      donations: 0,
      certificates: 0,
      taxProfiles: 0,
      subscriptions: 0,
    });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.retention'))).toHaveLength(1);
    // The next day the tax year 2026 gift is past its five years too.
    expect(await deidentifyExpiredRecords(t.database.db, at('2031-03-01'))).toEqual({
      donations: 1,
      certificates: 0,
      taxProfiles: 0,
      subscriptions: 0,
    });
    expect((await giftRows()).edge!.externalRef).toBeNull();
  });

  it('removes the tax profile once nothing inside the period needs it', async () => {
    const result = await deidentifyExpiredRecords(t.database.db, at('2034-03-01'));
    expect(result).toEqual({ donations: 1, certificates: 1, taxProfiles: 1, subscriptions: 0 });
    expect(await t.database.db.select().from(donorTaxProfiles).where(eq(donorTaxProfiles.userId, goneId))).toHaveLength(0);
    const g = await giftRows();
    expect(g.recent!.externalRef).toBeNull();
    expect(g.member!.donorName).toBe('Ayanda Staying');
  });

  it('runs as a daily job on the queue and queues the next day', async () => {
    await t.ctx.jobs.send(RETENTION_JOB, { day: '2026-11-25' });
    await t.ctx.jobs.drain({ names: [RETENTION_JOB] });
    const queued = await databaseExecutor(t.database).executeSql(
      `select start_after from pgboss.job where name = '${RETENTION_JOB}' and state = 'created'`,
      [],
    );
    expect(queued.rows).toHaveLength(1);
    expect(new Date(queued.rows[0]!.start_after as string).getTime()).toBe(nextRetentionRun().getTime());
    const done = await databaseExecutor(t.database).executeSql(
      `select state from pgboss.job where name = '${RETENTION_JOB}' and state = 'completed'`,
      [],
    );
    expect(done.rows).toHaveLength(1);
  });
});
