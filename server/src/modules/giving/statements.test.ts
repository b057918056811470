import JSZip from 'jszip';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_TEXTS } from '@church/contract/giving-statements';
import { donations } from '../../db/schema/index';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

/** Issue 32: a giving statement per person for any period, apart from section 18A certificates. */
let t: TestApp;
let giver: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let treasurer: Awaited<ReturnType<typeof createUser>>;
const text = async (raw: Buffer) => (await extractText(new Uint8Array(raw), { mergePages: true })).text.replace(/\s+/g, ' ');
const YEAR = 'from=2031-03-01&to=2032-02-29';

beforeAll(async () => {
  t = await createTestApp();
  giver = await createUser(t, { name: 'Thandeka Mahlangu', address: '12 Jacaranda Street, Pretoria' });
  other = await createUser(t, { name: 'Pieter van Wyk' });
  treasurer = await createUser(t, { role: 'admin' });
  // 28 Feb 23:30 and 1 March 00:30 in Johannesburg: either side of the period's first day, in the church's zone.
  await t.database.db.insert(donations).values([
    {
      userId: giver.user.id,
      amountCents: 50_000,
      fund: 'General',
      status: 'completed',
      paymentMethod: 'eft',
      givenAt: new Date('2031-02-28T21:30:00Z'),
    },
    {
      userId: giver.user.id,
      amountCents: 25_050,
      fund: 'General',
      status: 'completed',
      paymentMethod: 'card',
      givenAt: new Date('2031-02-28T22:30:00Z'),
    },
    {
      userId: giver.user.id,
      amountCents: 100_000,
      fund: 'Building',
      status: 'completed',
      paymentMethod: 'cash',
      givenAt: new Date('2031-07-05T08:00:00Z'),
    },
    {
      userId: giver.user.id,
      amountCents: 99_900,
      fund: 'General',
      status: 'refunded',
      paymentMethod: 'card',
      givenAt: new Date('2031-08-01T08:00:00Z'),
    },
    {
      userId: giver.user.id,
      amountCents: 77_700,
      fund: 'General',
      status: 'pending',
      paymentMethod: 'eft',
      givenAt: new Date('2031-09-01T08:00:00Z'),
    },
    {
      userId: other.user.id,
      amountCents: 10_000,
      fund: 'Missions',
      status: 'completed',
      paymentMethod: 'card',
      givenAt: new Date('2031-05-01T08:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

describe('giving statements', () => {
  it("a member downloads their own: the period's completed gifts in the church's days, per fund, the total, and that it is no certificate", async () => {
    const res = await t.request({ method: 'GET', url: `/api/giving/statements/mine?${YEAR}`, token: giver.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="giving-statement-thandeka-mahlangu-2031-03-01-to-2032-02-29.pdf"',
    );
    const pdf = await text(res.rawPayload);
    expect(pdf).toContain('Giving statement');
    expect(pdf).toContain('1 March 2031 to 29 February 2032');
    expect(pdf).toContain('Thandeka Mahlangu');
    expect(pdf).toContain('01 Mar 2031'); // the gift at 00:30 on 1 March in Johannesburg (22:30 UTC the day before)
    expect(pdf).not.toContain('28 Feb 2031');
    expect(pdf).toContain('01 Mar 2031 General Card R 250.50');
    expect(pdf).toContain('05 Jul 2031 Building Cash R 1,000.00');
    expect(pdf).toContain('Building subtotal R 1,000.00 General subtotal R 250.50 2 gifts Total R 1,250.50');
    expect(pdf).not.toMatch(/999\.00|777\.00|R 100\.00/); // refunded, pending, someone else's
    expect(pdf).toContain(STATEMENT_TEXTS.notACertificate.slice(0, 60));
  });

  it('an empty period says so; a period the wrong way round or longer than five years is a clear 400', async () => {
    const empty = await t.request({ method: 'GET', url: '/api/giving/statements/mine?from=2020-01-01&to=2020-12-31', token: giver.token });
    expect(await text(empty.rawPayload)).toContain(STATEMENT_TEXTS.none);
    const backwards = await t.request({
      method: 'GET',
      url: '/api/giving/statements/mine?from=2031-03-01&to=2031-02-01',
      token: giver.token,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The period must end on or after the day it starts');
    const long = await t.request({ method: 'GET', url: '/api/giving/statements/mine?from=2000-01-01&to=2031-01-01', token: giver.token });
    expect(long.json().message).toBe('A statement covers at most five years');
    const bad = await t.request({ method: 'GET', url: '/api/giving/statements/mine?from=2031-02-30&to=2031-03-01', token: giver.token });
    expect(bad.statusCode).toBe(400);
  });

  it("the treasurer downloads anyone's, a member nobody else's", async () => {
    const theirs = await t.request({ method: 'GET', url: `/api/giving/statements/${giver.user.id}?${YEAR}`, token: treasurer.token });
    expect(theirs.statusCode).toBe(200);
    expect(await text(theirs.rawPayload)).toContain('Thandeka Mahlangu');
    expect(
      (await t.request({ method: 'GET', url: `/api/giving/statements/${giver.user.id}?${YEAR}`, token: other.token })).statusCode,
    ).toBe(403);
    const missing = await t.request({
      method: 'GET',
      url: `/api/giving/statements/00000000-0000-4000-8000-000000000000?${YEAR}`,
      token: treasurer.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('everyone who gave in the period, one PDF each, in one ZIP; a period nobody gave in is a 400 that says so', async () => {
    const res = await t.request({ method: 'GET', url: `/api/giving/statements/zip?${YEAR}`, token: treasurer.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([
      'giving-statement-pieter-van-wyk-2031-03-01-to-2032-02-29.pdf',
      'giving-statement-thandeka-mahlangu-2031-03-01-to-2032-02-29.pdf',
    ]);
    const pieter = await text(await zip.file(names[0]!)!.async('nodebuffer'));
    expect(pieter).toContain('Missions');
    expect(pieter).not.toContain('Thandeka');
    const none = await t.request({
      method: 'GET',
      url: '/api/giving/statements/zip?from=2020-01-01&to=2020-12-31',
      token: treasurer.token,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(STATEMENT_TEXTS.noGivers);
    expect((await t.request({ method: 'GET', url: `/api/giving/statements/zip?${YEAR}`, token: giver.token })).statusCode).toBe(403);
  });
});
