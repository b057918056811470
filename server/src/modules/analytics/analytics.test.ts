import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { donations, events } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/analytics/engagement', () => {
  it('measures what members did in the last 30 days, for leaders only', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await createUser(t);
    await createUser(t);
    const pastor = await createUser(t, { role: 'pastor' });
    await t.request({ method: 'POST', url: '/api/prayers', token: a.token, payload: { title: 'Rain', description: 'For the farms' } });
    // Completed gifts (a card gift is pending until the provider confirms it; see the giving module's tests).
    await t.database.db.insert(donations).values([
      { userId: a.user.id, amountCents: 5000, status: 'completed' },
      { userId: b.user.id, amountCents: 8000, status: 'completed' },
    ]);
    await t.database.db.insert(events).values([
      { title: 'Service A', startsAt: new Date(Date.now() - 7 * 86_400_000), attendance: 120 },
      { title: 'Service B', startsAt: new Date(Date.now() - 14 * 86_400_000), attendance: 101 },
    ]);

    expect((await t.request({ method: 'GET', url: '/api/analytics/engagement', token: a.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/analytics/engagement' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/api/analytics/engagement', token: pastor.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      activeMembers: 2,
      totalMembers: 5,
      memberEngagementRate: 40,
      prayerParticipation: 20,
      givingParticipation: 40,
      eventParticipation: 0,
      chatParticipation: 0,
      overallEngagement: 15,
      averageAttendance: 111,
      periodDays: 30,
    });
  });
});
