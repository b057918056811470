import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ID_NUMBER_INVALID } from '@church/contract/giving-tax';
import { withSaIdCheckDigit } from '@church/contract/rules/sa-id';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, donations, givingFunds, households, taxCertificates } from '../../db/schema/index';
import { CERTIFICATES_JOB } from './certificate-runs';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let pastor: Awaited<ReturnType<typeof createUser>>;
const YEAR = 2026;
const ID = (n: number) => withSaIdCheckDigit(`7903035${String(n).padStart(5, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  // The gifts here go to General, which the treasurer marked section 18A-eligible (a fund is not by default).
  await t.database.db.update(givingFunds).set({ section18a: true }).where(eq(givingFunds.name, 'General'));
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  pastor = await createUser(t, { role: 'pastor' });
  await t.request({
    method: 'PUT',
    url: '/api/giving/tax-settings',
    token: admin.token,
    payload: { pboName: 'Grace Church NPC', pboNumber: '930012345', address: '12 Church Street', s18aApproved: true },
  });
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => t.request({ method, url, token, payload });
/** Issues the tax year's certificates the way the treasurer does: a run on the job queue, run to its end. */
async function generate() {
  const res = await req('POST', '/api/giving/certificates/runs', admin.token, { taxYear: YEAR });
  expect(res.statusCode).toBe(202);
  await t.ctx.jobs.drain({ names: [CERTIFICATES_JOB] });
  const run = json(await req('GET', `/api/giving/certificates/runs/${json(res).data.run.id}`, admin.token)).data.run;
  expect(run.status).toBe('done');
  return run;
}
const give = (userId: string, cents: number, date: string) =>
  t.database.db.insert(donations).values({ userId, amountCents: cents, status: 'completed', givenAt: new Date(`${date}T10:00:00Z`) });

describe("a donor's tax details", () => {
  it('a fresh member sees what a certificate still needs, then saves ID, tax number and address', async () => {
    const m = await createUser(t, { name: 'Karabo Molefe' });
    const first = json(await req('GET', '/api/giving/tax-profile', m.token)).data;
    expect(first).toMatchObject({ name: 'Karabo Molefe', address: '', household: null, missing: ['address', 'ID or passport number'] });
    expect(first.profile).toMatchObject({ legalType: 'individual', idType: 'rsa_id', idNumber: '', combineWithHousehold: false });

    const wrongCheckDigit = ID(1).slice(0, 12) + ((Number(ID(1)[12]) + 1) % 10);
    const bad = await req('PUT', '/api/giving/tax-profile', m.token, { idNumber: wrongCheckDigit });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toContain(ID_NUMBER_INVALID);
    expect((await req('PUT', '/api/giving/tax-profile', m.token, { idNumber: ID(1), taxNumber: '12345' })).statusCode).toBe(400);

    const saved = await req('PUT', '/api/giving/tax-profile', m.token, {
      idNumber: `${ID(1).slice(0, 6)} ${ID(1).slice(6)}`,
      taxNumber: '0123 456 789',
      address: '5 Jacaranda Ave, Pretoria',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved).data).toMatchObject({
      address: '5 Jacaranda Ave, Pretoria',
      missing: [],
      profile: { idNumber: ID(1), taxNumber: '0123456789' },
    });
    // A passport number is free text; a company gives its registration number.
    const company = await req('PUT', '/api/giving/tax-profile', m.token, {
      legalType: 'company',
      idType: 'registration',
      idNumber: '2015/123456/07',
      tradingName: 'Molefe Motors',
      idCountry: 'South Africa',
    });
    expect(json(company).data.profile).toMatchObject({ legalType: 'company', idNumber: '2015/123456/07', tradingName: 'Molefe Motors' });
    expect(json(company).data.address).toBe('5 Jacaranda Ave, Pretoria');
    expect((await req('PUT', '/api/giving/tax-profile', m.token, { legalType: 'partnership' })).statusCode).toBe(400);
  });

  it("a treasurer completes a donor's details from the deliverability list; the audit log names the fields, not the numbers", async () => {
    const donor = await createUser(t, { name: 'Themba Khumalo' });
    await give(donor.user.id, 50000, '2025-06-01');
    const gaps = json(await req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, admin.token)).data.donors;
    expect(gaps.find((g: { userId: string }) => g.userId === donor.user.id).missing).toEqual(['address', 'ID or passport number']);

    const url = `/api/giving/donors/${donor.user.id}/tax-profile`;
    expect((await req('GET', url, donor.token)).statusCode).toBe(403);
    expect((await req('PUT', url, pastor.token, { idNumber: ID(2) })).statusCode).toBe(403);
    expect((await req('GET', url)).statusCode).toBe(401);
    expect((await req('GET', `/api/giving/donors/${crypto.randomUUID()}/tax-profile`, admin.token)).statusCode).toBe(404);
    const res = await req('PUT', url, admin.token, { idNumber: ID(2), address: '9 Loop Street, Cape Town' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.missing).toEqual([]);
    // The donor sees what the treasurer entered.
    expect(json(await req('GET', '/api/giving/tax-profile', donor.token)).data.profile.idNumber).toBe(ID(2));

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, donor.user.id));
    expect(entry).toMatchObject({ action: 'donor.tax_details_updated', actorName: 'Anele Treasurer', entityType: 'member' });
    expect(entry!.summary).toBe('Tax details of Themba Khumalo updated: idNumber, address');
    expect(JSON.stringify(entry)).not.toContain(ID(2));
    const after = json(await req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, admin.token)).data.donors;
    expect(after.find((g: { userId: string }) => g.userId === donor.user.id)).toBeUndefined();
  });
});

describe('combine with household', () => {
  it("puts the gifts of members who chose to combine on the head's one certificate; others keep their own", async () => {
    const [home] = await t.database.db.insert(households).values({ name: 'Dlamini family' }).returning();
    const member = (name: string, role: string) =>
      createUser(t, { name, householdId: home!.id, householdRole: role, address: '3 Oak Lane, Durban' });
    const head = await member('Sipho Dlamini', 'head');
    const spouse = await member('Nomsa Dlamini', 'spouse');
    const adultChild = await member('Lerato Dlamini', 'child');
    for (const [m, n] of [
      [head, 3],
      [spouse, 4],
      [adultChild, 5],
    ] as const) {
      await req('PUT', '/api/giving/tax-profile', m.token, { idNumber: ID(n) });
    }
    await give(head.user.id, 10000, '2025-05-01');
    await give(spouse.user.id, 20000, '2025-04-01');
    await give(spouse.user.id, 2500, '2025-12-24');
    await give(adultChild.user.id, 7000, '2025-08-01');

    const chosen = await req('PUT', '/api/giving/tax-profile', spouse.token, { idNumber: ID(4), combineWithHousehold: true });
    expect(json(chosen).data.household).toEqual({ name: 'Dlamini family', head: 'Sipho Dlamini' });

    await generate();
    const certs = await t.database.db.select().from(taxCertificates);
    const headCert = certs.find((c) => c.userId === head.user.id)!;
    expect(headCert.totalCents).toBe(10000 + 20000 + 2500);
    expect(headCert.contributorIds).toEqual([spouse.user.id]);
    expect(headCert.gifts).toEqual([
      { donationId: expect.any(String), date: '2025-04-01T10:00:00.000Z', amountCents: 20000, fund: 'General', giver: 'Nomsa Dlamini' },
      { donationId: expect.any(String), date: '2025-05-01T10:00:00.000Z', amountCents: 10000, fund: 'General', giver: 'Sipho Dlamini' },
      { donationId: expect.any(String), date: '2025-12-24T10:00:00.000Z', amountCents: 2500, fund: 'General', giver: 'Nomsa Dlamini' },
    ]);
    expect((headCert.donor as { household: string }).household).toBe('Dlamini family');
    expect(certs.find((c) => c.userId === spouse.user.id)).toBeUndefined();
    const childCert = certs.find((c) => c.userId === adultChild.user.id)!;
    expect(childCert).toMatchObject({ totalCents: 7000, contributorIds: [] });

    // The spouse sees and downloads the household certificate; the adult child sees only their own.
    const spouseMine = json(await req('GET', '/api/giving/certificates/mine', spouse.token)).data.certificates;
    expect(spouseMine).toMatchObject([{ id: headCert.id, donorName: 'Sipho Dlamini', total: 325, household: true, giftCount: 3 }]);
    const pdf = await req('GET', `/api/giving/certificates/${headCert.id}/pdf`, spouse.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await req('GET', `/api/giving/certificates/${headCert.id}/pdf`, adultChild.token)).statusCode).toBe(403);
    expect(json(await req('GET', '/api/giving/certificates/mine', adultChild.token)).data.certificates).toHaveLength(1);

    // Generating again issues nothing new: the spouse is covered by the household certificate.
    const again = await generate();
    expect(again.issued).toBe(0);
  });

  it("a member who chooses to combine after the head's certificate was issued: a supplementary household certificate, no gift left out or on two", async () => {
    const [home] = await t.database.db.insert(households).values({ name: 'Naidoo family' }).returning();
    const head = await createUser(t, { name: 'Ayesha Naidoo', householdId: home!.id, householdRole: 'head', address: '1 Palm Rd' });
    const late = await createUser(t, { name: 'Ruan Naidoo', householdId: home!.id, householdRole: 'spouse', address: '1 Palm Rd' });
    await req('PUT', '/api/giving/tax-profile', head.token, { idNumber: ID(6) });
    await give(head.user.id, 1000, '2025-07-01');
    await generate();
    await req('PUT', '/api/giving/tax-profile', late.token, { idNumber: ID(7), combineWithHousehold: true });
    await give(late.user.id, 4000, '2025-07-02');
    expect((await generate()).issued).toBe(1);
    const certs = await t.database.db.select().from(taxCertificates).where(eq(taxCertificates.userId, head.user.id));
    expect(certs.map((c) => [c.totalCents, c.contributorIds]).sort()).toEqual([
      [1000, []],
      [4000, [late.user.id]],
    ]);
    expect(await t.database.db.select().from(taxCertificates).where(eq(taxCertificates.userId, late.user.id))).toEqual([]);
    expect((await generate()).issued).toBe(0);
  });

  it('without a household head, the combining member who joined first holds the certificate', async () => {
    const [home] = await t.database.db.insert(households).values({ name: 'Botha household' }).returning();
    const a = await createUser(t, { name: 'Elize Botha', householdId: home!.id, householdRole: 'spouse', address: '2 Vine St' });
    const b = await createUser(t, { name: 'Johan Botha', householdId: home!.id, householdRole: 'spouse', address: '2 Vine St' });
    for (const [m, n] of [
      [a, 8],
      [b, 9],
    ] as const) {
      await req('PUT', '/api/giving/tax-profile', m.token, { idNumber: ID(n), combineWithHousehold: true });
    }
    await give(a.user.id, 1100, '2025-09-01');
    await give(b.user.id, 2200, '2025-09-02');
    const gaps = json(await req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, admin.token)).data.donors;
    expect(gaps.find((g: { userId: string }) => g.userId === a.user.id || g.userId === b.user.id)).toBeUndefined();
    await generate();
    const [cert] = await t.database.db.select().from(taxCertificates).where(eq(taxCertificates.userId, a.user.id));
    expect(cert).toMatchObject({ totalCents: 3300, contributorIds: [b.user.id] });
  });

  it('records the issue of certificates in the audit log with the receipt range', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tax_certificates.issued'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toMatchObject({ entityType: 'tax_year', entityId: String(YEAR), actorName: 'Anele Treasurer' });
    expect(rows[0]!.summary).toMatch(/^\d+ section 18A certificates? issued for 2025\/26: R\d{6}–R\d{6}$/);
  });
});
