import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CERTIFICATE_RUN_TEXTS, certificateRunSummary } from '@church/contract/giving-tax';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { auditLog, donations, givingFunds, emailOutbox, receiptCounter, taxCertificateRuns, taxCertificates } from '../../db/schema/index';
import { CERTIFICATES_JOB } from './certificate-runs';
import { withSaIdCheckDigit } from '@church/contract/rules/sa-id';

let t: TestApp;
let admin: { token: string; user: { id: string } };
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
  // The gifts here go to General, which the treasurer marked section 18A-eligible (a fund is not by default).
  await t.database.db.update(givingFunds).set({ section18a: true }).where(eq(givingFunds.name, 'General'));
  admin = await createUser(t, { role: 'admin', name: 'Anele Treasurer' });
  for (let i = 0; i < 12; i++) {
    const d = await createUser(t, { name: `Donor ${i}`, address: i === 11 ? null : `${i} Main Road, Durban`, phone: '+27 82 000 0000' });
    if (i !== 11)
      await t.request({
        method: 'PUT',
        url: '/api/giving/tax-profile',
        token: d.token,
        payload: { idNumber: withSaIdCheckDigit(`8501015800${String(i).padStart(2, '0')}`), taxNumber: '0123456789' },
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

/** The job's handler runs when the test drains the queue, as a worker would pick it up. */
const drain = (opts: { retryNow?: boolean; batchSize?: number } = {}) => t.ctx.jobs.drain({ names: [CERTIFICATES_JOB], ...opts });
const requestRun = async (taxYear: number) => {
  const res = await req('POST', '/api/giving/certificates/runs', admin.token, { taxYear });
  expect(res.statusCode, res.body).toBe(202);
  return json(res).data.run as { id: string };
};
const runOf = async (id: string) => json(await req('GET', `/api/giving/certificates/runs/${id}`, admin.token)).data.run;
const receipts = async () => (await t.database.db.select().from(taxCertificates)).map((r) => r.receiptNumber).sort((a, b) => a - b);
const counter = async () => (await t.database.db.select().from(receiptCounter))[0]!.last;
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('section 18A certificates', () => {
  it('refuses to issue until the PBO details and 18A approval are entered', async () => {
    const res = await req('POST', '/api/giving/certificates/runs', admin.token, { taxYear: YEAR });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toContain('PBO reference number');
    expect(json(await req('GET', `/api/giving/certificates/runs?taxYear=${YEAR}`, admin.token)).data.runs).toEqual([]);
    expect((await req('PUT', '/api/giving/tax-settings', admin.token, PBO)).statusCode).toBe(200);
  });

  it('lists donors missing what a certificate needs', async () => {
    const data = json(await req('GET', `/api/giving/certificates/deliverability?taxYear=${YEAR}`, admin.token)).data;
    expect(data.pboMissing).toEqual([]);
    expect(data.donors).toEqual([
      { userId: donors[11]!.user.id, donorName: 'Donor 11', household: null, total: 150.11, missing: ['address', 'ID or passport number'] },
    ]);
  });

  it('queues one run however many ask at once; the job issues the tax year’s certificates, numbered gap-free', async () => {
    const asked = await Promise.all([1, 2, 3].map(() => req('POST', '/api/giving/certificates/runs', admin.token, { taxYear: YEAR })));
    expect(asked.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const ids = new Set(asked.map((r) => json(r).data.run.id));
    expect(ids.size).toBe(1);
    expect(asked.map((r) => json(r).message)).toContain(CERTIFICATE_RUN_TEXTS.queued);
    const [id] = [...ids] as [string];
    expect(await runOf(id)).toMatchObject({ status: 'queued', issued: null, attempts: 0, requestedBy: 'Anele Treasurer', startedAt: null });
    expect(await receipts()).toEqual([]);

    await drain();
    const run = await runOf(id);
    expect(run).toMatchObject({
      status: 'done',
      attempts: 1,
      issued: 11,
      skipped: 1,
      alreadyIssued: 0,
      firstReceipt: 'R000001',
      lastReceipt: 'R000011',
      error: null,
    });
    expect(certificateRunSummary(run)).toBe('11 certificates issued (R000001–R000011); 1 donor needs details first');
    expect(run.finishedAt).not.toBeNull();
    expect(
      json(await req('GET', `/api/giving/certificates/runs?taxYear=${YEAR}`, admin.token)).data.runs.map((r: { id: string }) => r.id),
    ).toEqual([id]);
    expect(await receipts()).toEqual(upTo(11));
    const rows = await t.database.db.select().from(taxCertificates);
    expect(rows.find((r) => r.userId === donors[0]!.user.id)!.totalCents).toBe(15000);
    const list = json(await req('GET', `/api/giving/certificates?taxYear=${YEAR}`, admin.token)).data.certificates;
    expect(list).toHaveLength(11);
    expect(list[0].receiptNumber).toBe('R000001');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(YEAR)));
    expect(audit.map((a) => [a.action, a.actorName]).sort()).toEqual([
      ['tax_certificates.issued', 'Anele Treasurer'],
      ['tax_certificates.requested', 'Anele Treasurer'],
    ]);
  });

  it('a retried job issues nothing twice, and a new run issues only what is missing', async () => {
    const [first] = json(await req('GET', `/api/giving/certificates/runs?taxYear=${YEAR}`, admin.token)).data.runs;
    // As if the worker died after the run committed but before the queue heard: the job comes round again.
    await t.database.db.execute(
      sql`update pgboss.job set state = 'retry', start_after = now() - interval '1 second' where id = ${first.id}`,
    );
    await drain();
    expect(await runOf(first.id)).toMatchObject({ status: 'done', attempts: 1, issued: 11 });
    expect(await receipts()).toEqual(upTo(11));
    expect(await counter()).toBe(11);

    const again = await requestRun(YEAR);
    expect(again.id).not.toBe(first.id);
    await drain();
    expect(await runOf(again.id)).toMatchObject({ status: 'done', issued: 0, alreadyIssued: 11, firstReceipt: null });
    expect(await receipts()).toEqual(upTo(11));
  });

  it('a request while a run is under way queues the next run; one still waiting to start is joined', async () => {
    const first = await requestRun(2019);
    expect((await requestRun(2019)).id).toBe(first.id);
    // As if a worker had just picked it up.
    await t.database.db.update(taxCertificateRuns).set({ status: 'running', attempts: 1 }).where(eq(taxCertificateRuns.id, first.id));
    const second = await requestRun(2019);
    expect(second.id).not.toBe(first.id);
    expect((await requestRun(2019)).id).toBe(second.id);
    await drain();
    expect([(await runOf(first.id)).status, (await runOf(second.id)).status]).toEqual(['done', 'done']);
  });

  it('two tax years issued at the same time (two workers) share one gap-free sequence, one block each', async () => {
    // Tax year 2025 already holds each donor's gift of 27 Feb 2025; five donors gave in 2023/24 too.
    await t.database.db
      .insert(donations)
      .values(
        donors
          .slice(0, 5)
          .map((d) => ({ userId: d.user.id, amountCents: 2000, status: 'completed', givenAt: new Date('2023-06-01T10:00:00Z') })),
      );
    const a = await requestRun(2025);
    const b = await requestRun(2024);
    await Promise.all([drain({ batchSize: 1 }), drain({ batchSize: 1 })]);
    const [ra, rb] = [await runOf(a.id), await runOf(b.id)];
    expect([ra.status, ra.issued, rb.status, rb.issued]).toEqual(['done', 11, 'done', 5]);
    for (const r of [ra, rb]) expect(Number(r.lastReceipt.slice(1)) - Number(r.firstReceipt.slice(1)) + 1).toBe(r.issued);
    expect(await receipts()).toEqual(upTo(27));
    expect(await counter()).toBe(27);
  });

  it('a failed attempt issues nothing and is retried; a run that keeps failing, or cannot start, says why', async () => {
    await t.database.db.insert(donations).values([
      { userId: donors[0]!.user.id, amountCents: 3000, status: 'completed', givenAt: new Date('2022-06-01T10:00:00Z') },
      { userId: donors[1]!.user.id, amountCents: 3000, status: 'completed', givenAt: new Date('2021-06-01T10:00:00Z') },
    ]);
    // The database refuses every certificate until the trigger goes: an outage in the middle of issuing.
    await t.database.db.execute(
      sql.raw(
        `create function refuse_certificates() returns trigger language plpgsql as $$ begin raise exception 'disk full (test)'; end $$`,
      ),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_certificates before insert on tax_certificates for each row execute function refuse_certificates()`),
    );
    const flaky = await requestRun(2023);
    const doomed = await requestRun(2022);
    await drain();
    for (const id of [flaky.id, doomed.id]) {
      const r = await runOf(id);
      expect(r).toMatchObject({ status: 'queued', attempts: 1, error: CERTIFICATE_RUN_TEXTS.unexpected, issued: null });
      expect(certificateRunSummary(r)).toContain('Waiting to try again (attempt 2)');
    }
    expect(await counter()).toBe(27);
    await drain({ retryNow: true });
    await drain({ retryNow: true });
    expect(await runOf(doomed.id)).toMatchObject({ status: 'failed', attempts: 3, error: CERTIFICATE_RUN_TEXTS.unexpected });
    expect(await counter()).toBe(27);
    await t.database.db.execute(sql.raw('drop trigger refuse_certificates on tax_certificates'));
    await t.database.db.execute(sql.raw('drop function refuse_certificates()'));
    // The flaky run also used its three attempts; a new one (the treasurer presses Generate again) goes through.
    const retry = await requestRun(2023);
    await drain();
    expect(await runOf(retry.id)).toMatchObject({ status: 'done', issued: 1, firstReceipt: 'R000028', lastReceipt: 'R000028' });

    // The PBO details went missing after the request: the run fails at once with the reason, no retries.
    const blocked = await requestRun(2022);
    await req('PUT', '/api/giving/tax-settings', admin.token, { ...PBO, s18aApproved: false });
    await drain();
    expect(await runOf(blocked.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: "Enter the church's section 18A approval under Tax & banking before issuing certificates.",
    });
    await req('PUT', '/api/giving/tax-settings', admin.token, PBO);
    expect(await receipts()).toEqual(upTo(28));
  });

  it('a run whose job is gone (a crash on its last attempt) is failed, and frees its tax year', async () => {
    const [stuck] = await t.database.db
      .insert(taxCertificateRuns)
      .values({ taxYear: 2020, status: 'running', attempts: 3, requestedBy: admin.user.id })
      .returning();
    expect(await runOf(stuck!.id)).toMatchObject({ status: 'failed', error: CERTIFICATE_RUN_TEXTS.stopped });
    const next = await req('POST', '/api/giving/certificates/runs', admin.token, { taxYear: 2020 });
    expect(json(next).message).toBe(CERTIFICATE_RUN_TEXTS.queued);
    expect((await req('GET', '/api/giving/certificates/runs/00000000-0000-4000-8000-000000000000', admin.token)).statusCode).toBe(404);
  });

  it('only the donor and finance roles get a certificate', async () => {
    const all = json(await req('GET', '/api/giving/certificates/mine', donors[0]!.token)).data.certificates;
    // Donor 0 gave in four tax years, each certificate issued by its own run.
    expect(all.map((c: { taxYear: number }) => c.taxYear).sort()).toEqual([2023, 2024, 2025, 2026]);
    const mine = all.filter((c: { taxYear: number }) => c.taxYear === YEAR);
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
    // POPIA: the finance roles' reads are in the audit log; the donor's own are not.
    const reads = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, mine[0].id));
    expect(reads.map((r) => [r.action, r.actorRole]).sort()).toEqual([
      ['tax_certificate.viewed', 'admin'],
      ['tax_certificate.viewed', 'pastor'],
    ]);
    for (const role of ['member', 'deacon', 'elder'] as const) {
      const u = await createUser(t, { role });
      expect((await req('GET', url, u.token)).statusCode, role).toBe(403);
      expect((await req('POST', '/api/giving/certificates/runs', u.token, { taxYear: YEAR })).statusCode, role).toBe(403);
      expect((await req('GET', `/api/giving/certificates/runs?taxYear=${YEAR}`, u.token)).statusCode, role).toBe(403);
    }
    // Pastors read giving (finance:read): they follow a run but do not start one.
    expect((await req('POST', '/api/giving/certificates/runs', pastor.token, { taxYear: YEAR })).statusCode).toBe(403);
    expect((await req('GET', `/api/giving/certificates/runs?taxYear=${YEAR}`, pastor.token)).statusCode).toBe(200);
    expect((await req('POST', '/api/giving/certificates/runs', undefined, { taxYear: YEAR })).statusCode).toBe(401);
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
