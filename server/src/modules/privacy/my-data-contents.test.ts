/**
 * Issue 29: what a person receives in "download my data" follows the rules of what they may see
 * (finding 4: never what leaders wrote about them — those go through the Information Officer), and its
 * CSVs pass the same spreadsheet-formula guard as every other CSV the product writes (finding 8).
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { prayers, visitors } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function myZip(token: string) {
  const queued = await t.request({ method: 'POST', url: '/api/members/profile/data-export', token });
  expect(queued.statusCode).toBe(202);
  await t.ctx.jobs.drain();
  const res = await t.request({ method: 'GET', url: `/api/members/profile/data-export/${json(queued).data.request.id}`, token });
  expect(res.statusCode).toBe(200);
  return JSZip.loadAsync(res.rawPayload);
}

describe('download my data', () => {
  it('leaves out what leaders wrote about the person (users.notes, last contact, a visitor follow-up note)', async () => {
    const me = await createUser(t, {
      name: 'Lerato Notes',
      notes: 'CONFIDENTIAL: marriage counselling, see the pastor',
      lastContacted: new Date('2026-11-01T10:00:00Z'),
    });
    await t.database.db
      .insert(visitors)
      .values({ firstName: 'Lerato', lastName: 'Notes', email: 'lerato@example.org', memberId: me.user.id, note: 'CONFIDENTIAL: struggles at home' });
    const zip = await myZip(me.token);
    const data = JSON.parse(await zip.file('data.json')!.async('string')).data;
    expect(data.profile[0].name).toBe('Lerato Notes');
    expect(data.profile[0]).not.toHaveProperty('notes');
    expect(data.profile[0]).not.toHaveProperty('last_contacted');
    expect(data.visitors[0].first_name).toBe('Lerato');
    for (const name of Object.keys(zip.files)) expect(await zip.file(name)!.async('string'), name).not.toContain('CONFIDENTIAL');
  });

  it('guards every CSV cell a spreadsheet would run as a formula', async () => {
    const me = await createUser(t, { name: '=HYPERLINK("http://evil.example","Click me")' });
    await t.database.db
      .insert(prayers)
      .values({ userId: me.user.id, submittedBy: 'me', title: '+SUM(1,2)', description: '@cmd|calc', status: 'approved' });
    const zip = await myZip(me.token);
    const profile = await zip.file('csv/profile.csv')!.async('string');
    expect(profile).toContain(`"'=HYPERLINK(""http://evil.example"",""Click me"")"`);
    const prayersCsv = await zip.file('csv/prayers.csv')!.async('string');
    expect(prayersCsv).toContain("'+SUM(1,2)");
    expect(prayersCsv).toContain("'@cmd|calc");
    expect(prayersCsv.startsWith('\ufeff')).toBe(true);
  });
});
