/**
 * Issue 29, finding 2: access is decided per field. The pastor dashboard serves elders (no finance:read)
 * and pastors; a church may also keep named giving from its pastors (security settings).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TEXTS } from '@church/contract/security-settings';
import { auditLog, donations } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { role: 'admin' })).token;
  const giver = await createUser(t, { role: 'member', name: 'Sipho Named-Giver' });
  await t.database.db.insert(donations).values({ userId: giver.user.id, amountCents: 120_000, fund: 'Missions', status: 'completed' });
}, 60_000);
afterAll(() => t.close());

const dashboard = async (token: string) => {
  const res = await t.request({ method: 'GET', url: '/api/dashboard/pastor', token });
  expect(res.statusCode).toBe(200);
  return json(res).data;
};
const setHidden = (hidden: boolean, token = admin) =>
  t.request({ method: 'PUT', url: '/api/admin/security-settings', token, payload: { namedGivingHiddenFromPastors: hidden } });

describe('the pastor dashboard leaves out what the caller may not see', () => {
  it('an elder gets the dashboard without any giving part (left out, not zeroed)', async () => {
    const elder = await createUser(t, { role: 'elder' });
    const data = await dashboard(elder.token);
    expect(data.stats).not.toHaveProperty('totalGiving');
    expect(data.stats).not.toHaveProperty('monthlyGiving');
    expect(data).not.toHaveProperty('topFunds');
    expect(data).not.toHaveProperty('topGivers');
    expect(data.stats.totalMembers).toBeGreaterThan(0);
  });

  it('a pastor sees totals, funds and the top givers by default', async () => {
    const pastor = await createUser(t, { role: 'pastor' });
    const data = await dashboard(pastor.token);
    expect(data.stats.totalGiving).toBeGreaterThanOrEqual(1200);
    expect(data.topFunds.map((f: { fund: string }) => f.fund)).toContain('Missions');
    expect(data.topGivers.map((g: { name: string }) => g.name)).toContain('Sipho Named-Giver');
  });
});

describe('a church may hide named giving from pastors', () => {
  it('only administrators change the setting, and the change is audited', async () => {
    const pastor = await createUser(t, { role: 'pastor' });
    expect((await setHidden(true, pastor.token)).statusCode).toBe(403);
    const res = await setHidden(true);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.settings.namedGivingHiddenFromPastors).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'security.settings_changed'));
    expect(audit.length).toBeGreaterThan(0);
    await setHidden(false);
  });

  it('pastors then see totals and funds but no names, anywhere', async () => {
    const pastor = await createUser(t, { role: 'pastor' });
    await setHidden(true);
    try {
      const data = await dashboard(pastor.token);
      expect(data.stats.totalGiving).toBeGreaterThanOrEqual(1200);
      expect(data.topFunds.length).toBeGreaterThan(0);
      expect(data).not.toHaveProperty('topGivers');
      for (const url of ['/api/donations', '/api/giving/batches', '/api/giving/certificates?taxYear=2026']) {
        const res = await t.request({ method: 'GET', url, token: pastor.token });
        expect(res.statusCode, url).toBe(403);
        expect(json(res).message).toBe(SECURITY_TEXTS.namedGivingHidden);
      }
      const overview = json(await t.request({ method: 'GET', url: '/api/giving', token: pastor.token })).data;
      expect(overview.summary.totalGiven).toBeGreaterThanOrEqual(1200);
      expect(overview).not.toHaveProperty('donations');
      // Administrators keep the books as before.
      expect((await dashboard(admin)).topGivers.length).toBeGreaterThan(0);
      expect((await t.request({ method: 'GET', url: '/api/donations', token: admin })).statusCode).toBe(200);
    } finally {
      await setHidden(false);
    }
  });

  it('a pastor the church made its treasurer (a granted finance permission) still sees names', async () => {
    const treasurer = await createUser(t, { role: 'pastor', permissions: ['finance:manage'] });
    await setHidden(true);
    try {
      expect((await dashboard(treasurer.token)).topGivers.length).toBeGreaterThan(0);
      expect((await t.request({ method: 'GET', url: '/api/donations', token: treasurer.token })).statusCode).toBe(200);
    } finally {
      await setHidden(false);
    }
  });
});
