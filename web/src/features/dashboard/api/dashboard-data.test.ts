import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { loadDashboard } from './dashboard-data';

const now = new Date('2026-11-21T10:00:00Z');
const baseUser = makeUser();

const ok = (data: unknown) =>
  new Response(JSON.stringify({ status: 'success', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const fail = () =>
  new Response(JSON.stringify({ status: 'error', message: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } });

const donation = (id: string, amount: number, date: string) => ({
  _id: id,
  id,
  amount,
  paymentMethod: 'card',
  frequency: 'one-time',
  fund: 'General',
  note: null,
  status: 'completed',
  reference: null,
  date,
  createdAt: date,
});
const prayer = (id: string, userId: string, createdAt: string) => ({
  _id: id,
  id,
  title: `Prayer ${id}`,
  description: 'x',
  isPublic: true,
  status: 'approved',
  priority: 'medium',
  userId,
  submittedBy: '',
  user: null,
  createdAt,
  updatedAt: createdAt,
  answeredAt: null,
});

/** Answers each path from a table; unlisted paths fail the test. */
function serve(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      calls.push(url.pathname);
      const handler = routes[url.pathname];
      if (!handler) throw new Error(`unexpected call ${url.pathname}`);
      return handler();
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('loadDashboard', () => {
  const memberRoutes = {
    '/api/members/stats': () => ok({ totalMembers: 37, activeMembers: 34, inactiveMembers: 3, newMembers: 4, volunteers: 9 }),
    '/api/prayers': () =>
      ok({
        prayers: [prayer('p1', 'u1', '2026-11-19T10:00:00Z'), prayer('p2', 'u9', '2026-11-20T10:00:00Z')],
        page: 1,
        limit: 200,
        total: 2,
      }),
    '/api/events': () => ok({ events: [], page: 1, limit: 100, total: 0 }),
    '/api/giving/user-stats': () =>
      ok({
        totalGiven: 2870.5,
        donationCount: 2,
        recentDonations: [donation('d1', 1000, '2026-11-16T10:00:00Z')],
        lastDonationDate: '2026-11-16T10:00:00Z',
      }),
  };

  it('for a plain member asks only the four member sources and computes the cards', async () => {
    const calls = serve(memberRoutes);
    const data = await loadDashboard(baseUser, now);
    expect(calls.sort()).toEqual(['/api/events', '/api/giving/user-stats', '/api/members/stats', '/api/prayers']);
    expect(data.stats).toMatchObject({ totalMembers: 37, totalGiving: 2870.5, yourPrayers: 1, activeMembers: 34, church: null });
    expect(data.activity.map((a) => a.text)).toEqual(['You gave R 1,000.00', 'Prayer request: Prayer p1']);
    expect(data.failed).toEqual([]);
  });

  it('falls back per source and says which failed', async () => {
    serve({ ...memberRoutes, '/api/giving/user-stats': fail, '/api/events': fail });
    const data = await loadDashboard(baseUser, now);
    expect(data.stats.totalGiving).toBe(0);
    expect(data.stats.upcomingEvents).toBe(0);
    expect(data.stats.totalMembers).toBe(37);
    expect(data.failed.sort()).toEqual(['events', 'giving']);
  });

  it('fails as a whole when every source fails (no invented numbers)', async () => {
    serve(Object.fromEntries(Object.keys(memberRoutes).map((k) => [k, fail])));
    await expect(loadDashboard(baseUser, now)).rejects.toThrow('Failed to load dashboard data');
  });

  it('for an admin adds visitors, engagement and church giving', async () => {
    const calls = serve({
      ...memberRoutes,
      '/api/prayers/all': memberRoutes['/api/prayers'],
      '/api/visitors/stats': () => ok({ totalVisitors: 50, newThisMonth: 6 }),
      '/api/analytics/engagement': () =>
        ok({
          activeMembers: 21,
          totalMembers: 37,
          memberEngagementRate: 57,
          prayerParticipation: 10,
          givingParticipation: 40,
          eventParticipation: 30,
          chatParticipation: 5,
          overallEngagement: 21,
          averageAttendance: 111,
          periodDays: 30,
        }),
      '/api/giving': () =>
        ok({
          summary: { totalGiven: 27737.31, donationCount: 50, monthlyTotal: 5000, activeGivers: 20, largestGift: 2500 },
          donations: [],
          page: 1,
          limit: 1,
          total: 50,
        }),
    });
    const data = await loadDashboard({ ...baseUser, role: 'admin' }, now);
    expect(calls).toContain('/api/prayers/all');
    expect(data.stats).toMatchObject({
      newVisitors: 6,
      activeMembers: 21,
      church: { totalGiving: 27737.31, monthlyGivingEstimate: 2773.73, newMembers: 4 },
    });
  });
});
