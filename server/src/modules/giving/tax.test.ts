import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, emailOutbox, taxCertificates } from '../../db/schema/index';

let t: TestApp;
let admin: { token: string };
const donors: { token: string; user: { id: string } }[] = [];
const YEAR = 2026;
const PBO = {
  pboName: 'Grace Community Church NPC',
  pboNumber: '930012345',
  npoNumber: '123-456 NPO',
  s18aApproved: true,
  address: '12 Church Street, Hatfield, Pretoria',
  bank: { bankName: 'FNB', accountName: 'Grace', accountNumber: '628', branchCode: '250655' },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  for (let i = 0; i < 12; i++) {
    const d = await createUser(t, { name: `Donor ${i}`, address: i === 11 ? null : `${i} Main Road, Durban`, phone: '+27 82 000 0000' });
    if (i !== 11)
      await t.request({
        method: 'PUT',
        url: '/api/giving/tax-profile',
        token: d.token,
        payload: { idNumber: `85010158000${String(i).padStart(2, '0')}`, taxNumber: '0123456789' },
      });
    donors.push(d);
  }
  const rows = donors.flatMap((d, i) => [
    { userId: d.user.id, amountCents: 10000 + i, status: 'completed', givenAt: new Date('2025-04-10T10:00:00Z') },
    { userId: d.user.id, amountCents: 5000, status: 'completed', givenAt: new Date('2025-11-10T10:00:00Z') },
    // Outside the tax year, pending and refunded gifts do not count.
    { userId: d.user.id, amountCents: 999, status: 'completed', givenAt: new Date('2025-02-27T10:00:00Z') },
    { userId: d.user.id, amountCents: 777, status: 'pending', givenAt: new Date('2025-06-01T10:00:00Z') },
    { userId: d.user.id, amountCents: 555, status: 'refunded', givenAt: new Date('2025-06-01T10:00:00Z') },
  ]);
  await t.database.db.insert(donations).values(rows);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => t.request({ method, url, token, payload });

describe('section 18A certificates', () => {
  it('refuses to issue until the PBO details and 18A approval are entered', async () => {
    const res = await req('POST', '/api/giving/certificates/generate', admin.token, { taxYear: YEAR });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toContain('PBO reference number');
    expect((await req('PUT', '/api/giving/tax-settings', admin.token, PBO)).statusCode).toBe(200);
  });

  it('lists donors missing what a certificate needs', async () => {
    const data = json(await req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, admin.token)).data;
    expect(data.pboMissing).toEqual([]);
    expect(data.donors).toEqual([
      { userId: donors[11]!.user.id, donorName: 'Donor 11', total: 150.11, missing: ['address', 'ID or passport number'] },
    ]);
  });

  it('numbers are unique and gap-free under concurrent generation; totals count the tax year’s completed gifts', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => req('POST', '/api/giving/certificates/generate', admin.token, { taxYear: YEAR })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => json(r).data.issued).reduce((a, b) => a + b, 0)).toBe(11);
    const rows = await t.database.db.select().from(taxCertificates);
    expect(rows.map((r) => r.receiptNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const first = rows.find((r) => r.userId === donors[0]!.user.id)!;
    expect(first.totalCents).toBe(15000);
    const list = json(await req('GET', `/api/giving/certificates?taxYear=${YEAR}`, admin.token)).data.certificates;
    expect(list).toHaveLength(11);
    expect(list[0].receiptNumber).toBe('R000001');
  });

  it('only the donor and finance roles get a certificate', async () => {
    const mine = json(await req('GET', '/api/giving/certificates/mine', donors[0]!.token)).data.certificates;
    expect(mine).toHaveLength(1);
    const url = `/api/giving/certificates/${mine[0].id}/pdf`;
    const pdf = await req('GET', url, donors[0]!.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await req('GET', url, admin.token)).statusCode).toBe(200);
    expect((await req('GET', url, donors[1]!.token)).statusCode).toBe(403);
    const pastor = await createUser(t, { role: 'pastor' });
    expect((await req('GET', url, pastor.token)).statusCode).toBe(200);
    expect((await req('GET', url)).statusCode).toBe(401);
    for (const role of ['member', 'deacon', 'elder'] as const) {
      const u = await createUser(t, { role });
      expect((await req('GET', url, u.token)).statusCode, role).toBe(403);
      expect((await req('POST', '/api/giving/certificates/generate', u.token, { taxYear: YEAR })).statusCode, role).toBe(403);
    }
    expect((await req('POST', '/api/giving/certificates/generate', pastor.token, { taxYear: YEAR })).statusCode).toBe(403);
  });

  it('downloads all as one ZIP, e-mails each donor once, exports IT3(d)', async () => {
    const zip = await req('GET', `/api/giving/certificates/zip?taxYear=${YEAR}`, admin.token);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(json(await req('POST', '/api/giving/certificates/email', admin.token, { taxYear: YEAR })).message).toBe('11 donors e-mailed');
    expect(json(await req('POST', '/api/giving/certificates/email', admin.token, { taxYear: YEAR })).message).toBe('0 donors e-mailed');
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'tax-certificate'));
    expect(mails).toHaveLength(11);
    const annual = await req('GET', `/api/giving/it3d?taxYear=${YEAR}&period=annual`, admin.token);
    const lines = annual.body.trim().split('\n');
    expect(lines).toHaveLength(12);
    expect(lines[1]).toContain('150.00');
    const interim = (await req('GET', `/api/giving/it3d?taxYear=${YEAR}&period=interim`, admin.token)).body.trim().split('\n');
    expect(interim[1]).toContain('100.00');
    expect((await req('GET', `/api/giving/it3d?taxYear=${YEAR}&period=x`, admin.token)).statusCode).toBe(400);
  });
});
