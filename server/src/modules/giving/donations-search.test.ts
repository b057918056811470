import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, givingBatches } from '../../db/schema/index';

/**
 * The donations list as a treasurer searches it (issue 32): by donor, by either reference, by an amount
 * written any way; filtered by method, fund and status; with the batch each gift was counted in. The
 * cards stay the period's figures whatever the table shows.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  const [batch] = await t.database.db.insert(givingBatches).values({ label: 'Sunday 09:00 plate', countedCents: 123456 }).returning();
  await t.database.db.insert(donations).values([
    { donorName: 'Nomsa Khumalo', amountCents: 123456, paymentMethod: 'cash', batchId: batch!.id, givenAt: now },
    {
      donorName: 'Pieter van der Merwe',
      amountCents: 50000,
      paymentMethod: 'bank',
      reference: 'GIVE-7KQ2M',
      status: 'pending',
      givenAt: now,
    },
    { donorName: 'Ayesha 100% Patel', amountCents: 20000, paymentMethod: 'bank', externalRef: 'FNB 0042 NOMSA', givenAt: now },
    { donorName: null, amountCents: 7500, paymentMethod: 'snapscan', fund: 'Building', givenAt: now },
  ]);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/donations?period=month&${query}`, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { donations: Array<Record<string, unknown>>; total: number; summary: { totalDonations: number } };
};
const donors = async (query: string) => (await list(query)).donations.map((d) => d.donorName).sort();

describe('GET /donations search and filters', () => {
  it('finds a donor by part of the name, any case, and by either reference', async () => {
    expect(await donors('q=KHUMALO')).toEqual(['Nomsa Khumalo']);
    expect(await donors('q=van der')).toEqual(['Pieter van der Merwe']);
    expect(await donors('q=give-7kq2m')).toEqual(['Pieter van der Merwe']);
    // "nomsa" is one donor's name and another's bank reference: both are found.
    expect(await donors('q=nomsa')).toEqual(['Ayesha 100% Patel', 'Nomsa Khumalo']);
    // LIKE's wildcards are searched for as themselves.
    expect(await donors('q=100%25')).toEqual(['Ayesha 100% Patel']);
    expect(await donors('q=_')).toEqual([]);
  });

  it('finds an amount however it is written', async () => {
    for (const q of ['1 234,56', '1,234.56', '1234.56', 'R 1 234.56'])
      expect(await donors(`q=${encodeURIComponent(q)}`), q).toEqual(['Nomsa Khumalo']);
    expect(await donors('q=500')).toEqual(['Pieter van der Merwe']);
  });

  it('filters by method, fund and status, and counts what it shows; the cards stay the period’s', async () => {
    const all = await list('');
    const bank = await list('method=bank');
    expect(bank.donations.map((d) => d.donorName).sort()).toEqual(['Ayesha 100% Patel', 'Pieter van der Merwe']);
    expect(bank.total).toBe(2);
    expect(bank.summary).toEqual(all.summary);
    expect((await list('status=pending')).donations.map((d) => d.donorName)).toEqual(['Pieter van der Merwe']);
    expect((await list('fund=Building&method=snapscan')).total).toBe(1);
    expect((await list('method=bank&status=completed')).donations.map((d) => d.donorName)).toEqual(['Ayesha 100% Patel']);
  });

  it('shows each gift’s references and its batch', async () => {
    const rows = (await list('')).donations;
    expect(rows.find((d) => d.donorName === 'Nomsa Khumalo')).toMatchObject({ batchLabel: 'Sunday 09:00 plate', reference: null });
    expect(rows.find((d) => d.donorName === 'Ayesha 100% Patel')).toMatchObject({ batchLabel: null, externalRef: 'FNB 0042 NOMSA' });
  });

  it('exports exactly the rows the filters show', async () => {
    const res = await t.request({ method: 'GET', url: '/api/donations/export?period=month&method=bank&format=csv', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Pieter van der Merwe');
    expect(res.body).not.toContain('Nomsa Khumalo,');
  });

  it('refuses a bad filter with a clear message', async () => {
    const res = await t.request({ method: 'GET', url: '/api/donations?method=bitcoin', token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('Method must be');
    const long = await t.request({ method: 'GET', url: `/api/donations?q=${'x'.repeat(101)}`, token: admin.token });
    expect(long.statusCode).toBe(400);
  });
});
