import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANK_TEXTS, STATEMENT_MAX_BYTES } from '@church/contract/giving-bank';
import { createTestApp, createUser, json, type TestApp } from '../../../../test/test-app';
import { multipart } from '../../../../test/multipart';
import { auditLog, bankStatementLines, donationEvents, donations, givingSettings } from '../../../db/schema/index';

/**
 * Bank statements (issue 32): a statement imported matches credits to pending EFT gifts by reference and
 * suggests the rest; the treasurer confirms in bulk and the gifts are completed once, in the members' giving;
 * the same statement imported again adds nothing; a bad file is refused whole with what to fix.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let pastor: Awaited<ReturnType<typeof createUser>>;
let thandi: Awaited<ReturnType<typeof createUser>>;
let sipho: Awaited<ReturnType<typeof createUser>>;
let naledi: Awaited<ReturnType<typeof createUser>>;
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../../test/fixtures/bank', name));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho' });
  thandi = await createUser(t, { name: 'Thandi Mokoena' });
  sipho = await createUser(t, { name: 'Sipho Ndlovu' });
  naledi = await createUser(t, { name: 'Naledi Khumalo' });
  const bank = { bankName: 'FNB', accountName: 'Grace Community Church', accountNumber: '62800011122', branchCode: '250655' };
  await t.database.db.insert(givingSettings).values({ id: 1, data: { bank } });
});
afterAll(() => t.close());

/** A member's EFT gift as they make it in the portal: pending, with the reference they quote at their bank. */
async function pledge(token: string, amount: number) {
  const res = await t.request({ method: 'POST', url: '/api/giving', token, payload: { paymentMethod: 'bank', amount } });
  expect(res.statusCode).toBe(201);
  const d = json(res).data.donation;
  return { id: d.id as string, reference: d.reference as string };
}
function upload(content: Buffer | string, fields: Record<string, string> = {}, token = admin.token, filename = 'statement.csv') {
  const body = multipart(fields, [{ field: 'file', filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content), type: 'text/csv' }]);
  return t.request({ method: 'POST', url: '/api/giving/bank-statements', token, payload: body.payload, headers: body.headers });
}
const lines = async (query = '') => json(await t.request({ method: 'GET', url: `/api/giving/bank-statement-lines${query}`, token: admin.token })).data;
const fnb = (rows: string[]) => `ACCOUNT TRANSACTION HISTORY\nAccount:,62800011122 [Gold Business]\nDate,Amount,Balance,Description\n${rows.join('\n')}\n`;

describe('importing a statement', () => {
  it('matches by reference, suggests by amount and name, queues the rest; confirming completes the gifts once', async () => {
    const a = await pledge(thandi.token, 500);
    const b = await pledge(sipho.token, 1200);
    const c = await pledge(naledi.token, 250);
    const statement = fnb([
      `2026/11/30,500.00,10500.00,FNB APP PAYMENT FROM T MOKOENA ${a.reference}`,
      // The reference typed without its dash and in lower case, as people do.
      `2026/11/29,"1,200.00",10000.00,ACB CREDIT S NDLOVU ${b.reference.replace('-', '').toLowerCase()}`,
      '2026/11/28,250.00,8800.00,INTERNET TRF FROM N KHUMALO',
      '2026/11/27,-45.00,8550.00,#MONTHLY ACCOUNT FEE',
      '2026/11/26,75.00,8595.00,=HYPERLINK("http://evil.example") CASH DEPOSIT',
    ]);
    const res = await upload(statement);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.data.statement).toMatchObject({ bank: 'fnb', account: '62800011122', credits: 4, duplicates: 0, debits: 1 });
    expect(body.data.counts).toMatchObject({ matched: 2, suggested: 1, unmatched: 1 });
    const all = (await lines(`?statementId=${body.data.statement.id}`)).lines;
    const byAmount = (n: number) => all.find((l: { amount: number }) => l.amount === n);
    expect(byAmount(500)).toMatchObject({ status: 'matched', donationId: a.id, donationReference: a.reference, memberName: 'Thandi Mokoena' });
    expect(byAmount(1200)).toMatchObject({ status: 'matched', donationId: b.id });
    expect(byAmount(250)).toMatchObject({ status: 'suggested', donationId: c.id, memberName: 'Naledi Khumalo' });
    expect(byAmount(250).matchReason).toContain('name');
    // A formula in a description is stored as the text it is.
    expect(byAmount(75)).toMatchObject({ status: 'unmatched', description: '=HYPERLINK("http://evil.example") CASH DEPOSIT' });

    // Nothing is completed before the treasurer confirms.
    const [before] = await t.database.db.select().from(donations).where(eq(donations.id, a.id));
    expect(before!.status).toBe('pending');

    // The same statement again: nothing new.
    const again = json(await upload(statement));
    expect(again.data.statement).toMatchObject({ credits: 0, duplicates: 4 });
    expect(again.message).toBe(BANK_TEXTS.imported(0, 4));
    expect((await t.database.db.select().from(bankStatementLines)).length).toBe(4);

    const ids = [byAmount(500).id, byAmount(1200).id, byAmount(250).id, byAmount(75).id];
    const confirm = await t.request({ method: 'POST', url: '/api/giving/bank-statement-lines/confirm', token: admin.token, payload: { lineIds: ids } });
    expect(confirm.statusCode).toBe(200);
    expect(json(confirm).data.confirmed).toBe(3);
    expect(json(confirm).data.skipped).toEqual([{ lineId: byAmount(75).id, reason: 'Nothing to confirm: assign it to a member' }]);
    for (const g of [a, b, c]) {
      const [row] = await t.database.db.select().from(donations).where(eq(donations.id, g.id));
      expect(row!.status).toBe('completed');
      const events = await t.database.db.select().from(donationEvents).where(and(eq(donationEvents.donationId, g.id), eq(donationEvents.kind, 'matched')));
      expect(events).toHaveLength(1);
      expect(events[0]!.reason).toMatch(/^Bank statement: 2026-11-/);
    }
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'donation.matched'), eq(auditLog.entityId, a.id)));
    expect(audits).toHaveLength(1);
    // In the member's own giving.
    const history = json(await t.request({ method: 'GET', url: '/api/giving/user-history', token: thandi.token })).data.donations;
    expect(history.find((d: { id: string }) => d.id === a.id)).toMatchObject({ status: 'completed', amount: 500 });

    // Confirming again completes nothing twice.
    const twice = json(await t.request({ method: 'POST', url: '/api/giving/bank-statement-lines/confirm', token: admin.token, payload: { lineIds: ids.slice(0, 3) } }));
    expect(twice.data.confirmed).toBe(0);
    expect(twice.data.skipped.map((s: { reason: string }) => s.reason)).toEqual([BANK_TEXTS.notOpen, BANK_TEXTS.notOpen, BANK_TEXTS.notOpen]);
    const matchedEvents = await t.database.db.select().from(donationEvents).where(and(eq(donationEvents.donationId, a.id), eq(donationEvents.kind, 'matched')));
    expect(matchedEvents).toHaveLength(1);
  });

  it("suggests a member from their past references, and a line the queue holds is assigned (new gift) or dismissed", async () => {
    // Thandi's earlier line (confirmed above) read 'FNB APP PAYMENT FROM T MOKOENA GIV-…': the same payer, no reference now.
    const res = await upload(fnb(['2026/12/01,300.00,20300.00,FNB APP PAYMENT FROM T MOKOENA', '2026/12/02,40.00,20340.00,REVERSAL OF FEE']));
    expect(res.statusCode).toBe(201);
    const { lines: got } = await lines(`?statementId=${json(res).data.statement.id}`);
    const gift = got.find((l: { amount: number }) => l.amount === 300);
    expect(gift).toMatchObject({ status: 'suggested', donationId: null, memberId: thandi.user.id });
    const fee = got.find((l: { amount: number }) => l.amount === 40);
    expect(fee.status).toBe('unmatched');

    const confirmed = json(await t.request({ method: 'POST', url: '/api/giving/bank-statement-lines/confirm', token: admin.token, payload: { lineIds: [gift.id] } }));
    expect(confirmed.data.confirmed).toBe(1);
    const [created] = await t.database.db.select().from(donations).where(and(eq(donations.userId, thandi.user.id), eq(donations.amountCents, 30000)));
    expect(created).toMatchObject({ status: 'completed', paymentMethod: 'bank', fund: 'General', donorName: 'Thandi Mokoena' });

    const dismissed = await t.request({ method: 'POST', url: `/api/giving/bank-statement-lines/${fee.id}/dismiss`, token: admin.token, payload: { reason: 'Bank fee reversal' } });
    expect(dismissed.statusCode).toBe(200);
    expect(json(dismissed).data.line).toMatchObject({ status: 'dismissed', dismissReason: 'Bank fee reversal' });
    const again = await t.request({ method: 'POST', url: `/api/giving/bank-statement-lines/${fee.id}/assign`, token: admin.token, payload: { userId: sipho.user.id } });
    expect(again.statusCode).toBe(409);
  });

  it('assigns a queued line to a member: their pending gift of that amount is completed', async () => {
    const p = await pledge(naledi.token, 180);
    const res = await upload(fnb(['2026/12/03,180.00,30180.00,CASH DEPOSIT BRANCH 4021']));
    const [line] = (await lines(`?statementId=${json(res).data.statement.id}`)).lines;
    expect(line.status).toBe('unmatched');
    const assigned = await t.request({ method: 'POST', url: `/api/giving/bank-statement-lines/${line.id}/assign`, token: admin.token, payload: { userId: naledi.user.id } });
    expect(assigned.statusCode).toBe(200);
    expect(json(assigned).data.line).toMatchObject({ status: 'confirmed', donationId: p.id, memberName: 'Naledi Khumalo' });
    const [row] = await t.database.db.select().from(donations).where(eq(donations.id, p.id));
    expect(row!.status).toBe('completed');
  });

  it('reads every bank fixture and stores its credits once', async () => {
    for (const [file, credits] of [
      ['fnb.csv', 4],
      ['absa.csv', 3],
      ['standardbank.csv', 2],
      ['nedbank.csv', 3],
      ['capitec.csv', 2],
      ['statement.ofx', 2],
    ] as const) {
      const first = await upload(fixture(file), {}, admin.token, file);
      expect(first.statusCode, file).toBe(201);
      expect(json(first).data.statement.credits, file).toBe(credits);
      expect(json(await upload(fixture(file), {}, admin.token, file)).data.statement, file).toMatchObject({ credits: 0, duplicates: credits });
    }
  });

  it('reads any CSV by its column mapping', async () => {
    const csv = 'When,Money,Narrative\n30/11/2026,"1 234,56",Gift from a visitor\n';
    const res = await upload(csv, { mapping: JSON.stringify({ date: 'When', amount: 'Money', description: 'Narrative' }), account: '999' });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.statement).toMatchObject({ bank: 'mapped', account: '999', credits: 1 });
  });
});

describe('bad input', () => {
  it('refuses a file with unreadable lines whole, naming the lines, and stores nothing', async () => {
    const before = (await t.database.db.select().from(bankStatementLines)).length;
    const res = await upload(fnb(['2026/12/10,100.00,1.00,OK LINE', '2026/13/10,100.00,2.00,BAD DATE', '2026/12/11,abc,3.00,BAD AMOUNT']));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      BANK_TEXTS.refused(2, "Line 5: the date '2026/13/10' is not a date. Line 6: the amount 'abc' is not an amount."),
    );
    expect((await t.database.db.select().from(bankStatementLines)).length).toBe(before);
  });

  it('refuses a file it does not know, a bad mapping, a mapping the file lacks, an empty file, and no file', async () => {
    expect(json(await upload('name,email\nA,a@example.org\n')).message).toBe(BANK_TEXTS.unknownFormat);
    expect((await upload('x', { mapping: '{not json' })).statusCode).toBe(400);
    const missing = await upload('A,B\n1,2\n', { mapping: JSON.stringify({ date: 'Date', amount: 'Amount', description: 'Details' }) });
    expect(json(missing).message).toBe(BANK_TEXTS.noHeader('Date, Amount, Details'));
    expect(json(await upload('')).message).toBe(BANK_TEXTS.empty);
    const body = multipart({ account: '1' });
    const none = await t.request({ method: 'POST', url: '/api/giving/bank-statements', token: admin.token, payload: body.payload, headers: body.headers });
    expect(json(none).message).toBe(BANK_TEXTS.noFile);
  });

  it('refuses a file over the cap with 413', async () => {
    const big = Buffer.alloc(STATEMENT_MAX_BYTES + 10, 'a');
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(BANK_TEXTS.tooLarge);
  });
});

describe('who may', () => {
  it('lets finance managers import and confirm; pastors (named giving) read; members nothing', async () => {
    expect((await upload(fnb(['2026/12/20,1.00,1.00,X']), {}, pastor.token)).statusCode).toBe(403);
    expect((await upload(fnb(['2026/12/20,1.00,1.00,X']), {}, thandi.token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/giving/bank-statement-lines', token: thandi.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/giving/bank-statement-lines' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/giving/bank-statements', token: pastor.token })).statusCode).toBe(200);
    const confirm = await t.request({ method: 'POST', url: '/api/giving/bank-statement-lines/confirm', token: pastor.token, payload: { lineIds: [thandi.user.id] } });
    expect(confirm.statusCode).toBe(403);
  });
});
