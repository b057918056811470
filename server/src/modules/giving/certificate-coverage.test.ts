import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { currentTaxYear } from '@church/contract/giving-tax';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { certificateKit } from '../../../test/support/certificates';
import { taxCertificateRuns } from '../../db/schema/index';
import { CERTIFICATES_JOB } from './certificate-runs';

/**
 * A certificate records exactly which gifts it covers; a run issues, per
 * donor, a certificate for the completed gifts no valid certificate covers
 * (issue 12). So issuing while the tax year is still running is safe: gifts
 * after the run go on a supplementary certificate, none is left out, none is
 * on two.
 */
let t: TestApp;
let kit: ReturnType<typeof certificateKit>;
beforeAll(async () => {
  t = await createTestApp();
  kit = certificateKit(t);
  await kit.setUp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const deliverability = async (taxYear: number) =>
  json(await kit.req('GET', `/api/giving/certificates/deliverability?taxYear=${taxYear}`, kit.admin.token)).data;

describe('certificates while the tax year is running', () => {
  it('certifies the gifts up to the run; a later run issues a supplementary certificate; no gift left out or on two', async () => {
    const year = currentTaxYear();
    const thabo = await kit.donor('Thabo Running');
    const early = await kit.give(thabo.user.id, 12_500, new Date(Date.now() - MINUTE));
    // A row dated in the future (recording one is refused now; older data may hold one): never certified before it happens.
    const misdated = await kit.give(thabo.user.id, 99_900, new Date(Date.now() + 2 * 24 * 60 * MINUTE));

    const before = await deliverability(year);
    expect(before.year).toMatchObject({ startsOn: `${year - 1}-03-01`, ended: false });
    expect(before.year.endsOn).toMatch(new RegExp(`^${year}-02-(28|29)$`));
    expect(before.ready).toEqual({ certificates: 1, total: 125 });
    expect((await deliverability(year - 1)).year.ended).toBe(true);

    expect(await kit.generate(year)).toMatchObject({ issued: 1, alreadyIssued: 0 });
    const [first] = await kit.certificatesOf(thabo.user.id);
    expect(first).toMatchObject({ totalCents: 12_500, status: 'issued' });
    expect(await kit.coveringOf(early.id)).toEqual([first!.receiptNumber]);
    expect(await kit.coveringOf(misdated.id)).toEqual([]);

    // A gift after the run: the next run issues a supplementary certificate for it alone.
    const later = await kit.give(thabo.user.id, 4_000, new Date());
    expect((await deliverability(year)).ready).toEqual({ certificates: 1, total: 40 });
    expect(await kit.generate(year)).toMatchObject({ issued: 1, alreadyIssued: 1 });
    const both = await kit.certificatesOf(thabo.user.id);
    expect(both.map((c) => [c.totalCents, c.status])).toEqual([
      [12_500, 'issued'],
      [4_000, 'issued'],
    ]);
    expect(await kit.coveringOf(later.id)).toEqual([both[1]!.receiptNumber]);
    expect(await kit.coveringOf(early.id)).toEqual([first!.receiptNumber]);
    expect(await kit.generate(year)).toMatchObject({ issued: 0, alreadyIssued: 2 });
    expect((await deliverability(year)).ready).toEqual({ certificates: 0, total: 0 });

    // IT3(d): one line per certificate, together every certified gift once.
    const lines = parse(await kit.it3d(year), { columns: true }) as Record<string, string>[];
    const his = lines.filter((l) => l['Donor name'] === 'Thabo Running');
    expect(his.map((l) => l['Amount (R)']).sort()).toEqual(['125.00', '40.00']);
  });

  it('two runs of one tax year at the same moment (two workers) certify each gift once, numbered gap-free', async () => {
    const year = currentTaxYear() - 1;
    const donors = await Promise.all(['Ayanda', 'Bongi', 'Chris', 'Dineo'].map((n) => kit.donor(`${n} Together`)));
    const gifts = [];
    for (const d of donors) gifts.push(await kit.give(d.user.id, 10_000, new Date(`${year - 1}-06-01T10:00:00Z`)));
    const receiptsBefore = await kit.receipts();

    const first = json(await kit.req('POST', '/api/giving/certificates/runs', kit.admin.token, { taxYear: year })).data.run;
    // As if a worker had just picked it up: a second request queues a second run behind it.
    await t.database.db.update(taxCertificateRuns).set({ status: 'running', attempts: 1 }).where(eq(taxCertificateRuns.id, first.id));
    const second = json(await kit.req('POST', '/api/giving/certificates/runs', kit.admin.token, { taxYear: year })).data.run;
    expect(second.id).not.toBe(first.id);
    await Promise.all([
      t.ctx.jobs.drain({ names: [CERTIFICATES_JOB], batchSize: 1 }),
      t.ctx.jobs.drain({ names: [CERTIFICATES_JOB], batchSize: 1 }),
    ]);
    const runs = await Promise.all(
      [first.id, second.id].map(async (id) => json(await kit.req('GET', `/api/giving/certificates/runs/${id}`, kit.admin.token)).data.run),
    );
    expect(runs.map((r) => r.status)).toEqual(['done', 'done']);
    expect(runs.map((r) => r.issued).sort()).toEqual([0, 4]);
    for (const g of gifts) expect(await kit.coveringOf(g.id)).toHaveLength(1);
    const all = await kit.receipts();
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(all.length - receiptsBefore.length).toBe(4);
  });
});
