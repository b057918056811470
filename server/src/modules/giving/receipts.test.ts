import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, emailOutbox, users } from '../../db/schema/index';
import { donationObject } from '../../events/objects';

/**
 * E-mail receipts (issue 32): one per completed gift, whichever path completed it, sent by the
 * donation.received subscriber through the mail outbox, in the giver's language.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
});
afterAll(() => t.close());

const drain = () => t.ctx.jobs.drain({ names: t.ctx.events.queues() });
const receiptsTo = (address: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .then((rows) => rows.filter((r) => r.kind === 'giving-receipt'));
const call = (method: 'POST' | 'GET', url: string, payload?: object) => t.request({ method, url, token: admin.token, payload });

describe('e-mail receipts', () => {
  it('a batch gift with a member who has e-mail: one receipt, in English by default, naming amount, fund and date', async () => {
    const giver = await createUser(t, { name: 'Thandi Mokoena' });
    const batch = json(await call('POST', '/api/giving/batches', { label: 'Sunday receipts', countedTotal: 1234.56 })).data.batch;
    const res = await call('POST', `/api/giving/batches/${batch.id}/donations`, {
      userId: giver.user.id,
      amount: 1234.56,
      fund: 'General',
      method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    // Loose cash (nobody) and a named visitor without an account get no receipt, and nothing fails.
    await call('POST', `/api/giving/batches/${batch.id}/donations`, { amount: 10, fund: 'General', method: 'cash' });
    await drain();
    const [mail, ...more] = await receiptsTo(giver.user.email!);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Receipt for your gift of R 1,234.56');
    expect(mail!.bodyText).toContain('Dear Thandi Mokoena,');
    expect(mail!.bodyText).toContain('Thank you for your gift of R 1,234.56 to the General fund, received on');
    expect(mail!.bodyText).toContain('It is not a section 18A tax certificate');
    expect(mail!.bodyText).toMatch(/\/mobile\/giving\n$/);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.userId, giver.user.id));
    expect(row!.receiptQueuedAt).not.toBeNull();
  });

  it('a bank transfer the treasurer matches: one receipt in the giver’s language (Afrikaans), quoting the reference', async () => {
    const giver = await createUser(t, { name: 'Pieter Botha' });
    await t.database.db.update(users).set({ language: 'af-ZA' }).where(eq(users.id, giver.user.id));
    const [row] = await t.database.db
      .insert(donations)
      .values({ userId: giver.user.id, donorName: 'Pieter Botha', amountCents: 50_000, status: 'pending', paymentMethod: 'bank', reference: 'GIV-RCPT01' })
      .returning();
    await drain();
    expect(await receiptsTo(giver.user.email!)).toEqual([]); // pending: nothing yet
    expect((await call('POST', `/api/donations/${row!.id}/match`, { externalRef: 'FNB GIV-RCPT01' })).statusCode).toBe(200);
    await drain();
    const [mail, ...more] = await receiptsTo(giver.user.email!);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Kwitansie vir jou bydrae van R\s?500[,.]00$/);
    expect(mail!.bodyText).toContain('Beste Pieter Botha,');
    expect(mail!.bodyText).toContain('Verwysing: GIV-RCPT01');
  });

  it('a gift announced twice (a late provider notification, a job run again) is receipted once', async () => {
    const giver = await createUser(t, { name: 'Naledi Twice' });
    const [row] = await t.database.db
      .insert(donations)
      .values({ userId: giver.user.id, amountCents: 2_000, status: 'completed', paymentMethod: 'card', completedAt: new Date() })
      .returning();
    for (let i = 0; i < 2; i++)
      await t.database.db.transaction((tx) => t.ctx.events.emit(tx, 'donation.received', { object: donationObject(row!) }));
    await drain();
    await drain();
    expect(await receiptsTo(giver.user.email!)).toHaveLength(1);
  });

  it('a member without an e-mail address, and a gift that is not completed, get none', async () => {
    const noMail = await createUser(t, { name: 'Gogo Paper Card' });
    await t.database.db.update(users).set({ email: null }).where(eq(users.id, noMail.user.id));
    const [gift] = await t.database.db
      .insert(donations)
      .values({ userId: noMail.user.id, amountCents: 5_000, status: 'completed', paymentMethod: 'cash', completedAt: new Date() })
      .returning();
    const other = await createUser(t, { name: 'Failed Card' });
    const [failed] = await t.database.db
      .insert(donations)
      .values({ userId: other.user.id, amountCents: 5_000, status: 'failed', paymentMethod: 'card' })
      .returning();
    await t.database.db.transaction(async (tx) => {
      await t.ctx.events.emit(tx, 'donation.received', { object: donationObject(gift!) });
      await t.ctx.events.emit(tx, 'donation.received', { object: donationObject(failed!) });
    });
    await drain();
    expect(await receiptsTo(other.user.email!)).toEqual([]);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.id, gift!.id));
    expect(row!.receiptQueuedAt).toBeNull();
  });
});
