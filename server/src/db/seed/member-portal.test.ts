import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { DEMO_PASSWORD } from './people';
import { seedDemoChurch } from './demo';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoChurch(t.database.db);
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'member@demo.church', password: DEMO_PASSWORD },
  });
  token = json(res).token;
});
afterAll(() => t.close());

describe('member portal demo data', () => {
  it('gives the demo member R 2,870.50 in six gifts, two prayers and three unread notifications', async () => {
    const stats = json(await t.request({ method: 'GET', url: '/api/giving/user-stats', token })).data;
    expect(stats).toMatchObject({ totalGiven: 2870.5, donationCount: 6 });
    const prayers = json(await t.request({ method: 'GET', url: '/api/prayers', token })).data.prayers;
    expect(prayers.some((p: { status: string }) => p.status === 'pending')).toBe(true);
    const notes = json(await t.request({ method: 'GET', url: '/api/notifications/user', token })).data;
    expect(notes).toMatchObject({ unreadCount: 3, total: 5 });
  });

  it('has prayers in every status and donations that are not all completed', async () => {
    const admin = json(
      await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.church', password: DEMO_PASSWORD } }),
    ).token;
    const stats = json(await t.request({ method: 'GET', url: '/api/prayers/stats', token: admin })).data;
    for (const s of ['pending', 'approved', 'rejected', 'answered']) expect(stats[s], s).toBeGreaterThan(0);
    const giving = json(await t.request({ method: 'GET', url: '/api/giving?limit=100', token: admin })).data;
    expect(new Set(giving.donations.map((d: { status: string }) => d.status))).toEqual(new Set(['completed', 'pending', 'failed']));
    expect(giving.summary.totalGiven).toBeGreaterThan(10_000);
    const engagement = json(await t.request({ method: 'GET', url: '/api/analytics/engagement', token: admin })).data;
    expect(engagement.activeMembers).toBeGreaterThan(5);
  });
});
