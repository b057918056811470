import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { seedDemoChurch } from '../../db/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoChurch(t.database.db);
}, 120_000);
afterAll(() => t.close());

describe('demo church seed (public site)', () => {
  it('fills the public settings with a believable church and real counts', async () => {
    const { data } = json(await t.request({ method: 'GET', url: '/api/settings/public' }));
    expect(data.churchName).toBe('Grace Harvest Community Church');
    expect(data.coreValues).toHaveLength(7);
    expect(data.coordinates).toEqual({ lat: -25.7487, lng: 28.2381 });
    expect(data.stats.members).toBeGreaterThan(20);
    expect(data.stats.upcomingEvents).toBeGreaterThanOrEqual(3);
  });

  it('has upcoming and past events and published sermons in several series', async () => {
    const upcoming = json(await t.request({ method: 'GET', url: '/api/events?limit=3' })).data;
    expect(upcoming.events).toHaveLength(3);
    for (const e of upcoming.events) expect(new Date(e.endDate ?? e.date).getTime()).toBeGreaterThan(Date.now());
    const sermons = json(await t.request({ method: 'GET', url: '/api/sermons/public?limit=3' })).data;
    expect(sermons.total).toBeGreaterThanOrEqual(9);
    expect(sermons.sermons[0].duration).toMatch(/^\d\d:\d\d$/);
    expect(json(await t.request({ method: 'GET', url: '/api/sermons/series' })).data.series.length).toBeGreaterThanOrEqual(3);
  });
});
