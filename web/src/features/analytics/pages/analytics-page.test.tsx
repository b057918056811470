import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Engagement, Growth, Overview, Website } from '@church/contract/analytics';
import { renderAt } from '../../../test/render';
import { AnalyticsPage } from './analytics-page';

const overview: Overview = {
  period: 'monthly',
  totalMembers: 137,
  newMembers: 6,
  totalGiving: 48250.5,
  donors: 41,
  totalPrayers: 12,
  pendingPrayers: 3,
  answeredPrayers: 4,
  prayerResponseRate: 33.3,
  eventsHeld: 5,
  checkIns: 210,
  averageAttendance: 42,
};
const months = ['2026-05', '2026-06'].map((month, i) => ({
  month,
  newMembers: 4 + i,
  totalMembers: 131 + i * 6,
  visitors: 9,
  giving: 40000 + i,
  attendance: 80,
}));
const growth: Growth = {
  period: 'monthly',
  memberGrowth: 50,
  visitorGrowth: -12.5,
  givingGrowth: 8.2,
  engagementGrowth: 0,
  currentPeriod: { start: '2026-06-01', end: '2026-06-30', members: 6, visitors: 9, giving: 48250.5, prayers: 12, engaged: 70 },
  previousPeriod: { start: '2026-05-01', end: '2026-05-31', members: 4, visitors: 10, giving: 44600, prayers: 9, engaged: 70 },
  months,
};
const engagement: Engagement = {
  activeMembers: 70,
  totalMembers: 137,
  memberEngagementRate: 51,
  prayerParticipation: 20,
  givingParticipation: 30,
  eventParticipation: 44,
  chatParticipation: 12,
  overallEngagement: 27,
  averageAttendance: 42,
  periodDays: 30,
};
const website: Website = {
  period: 'monthly',
  totalVisitors: 912,
  pageViews: 2875,
  bounceRate: 41.2,
  popularPages: [{ page: '/sermons', views: 700 }],
  trafficSources: { direct: 500, search: 300 },
  monthlyTrend: [{ month: '2026-06', views: 2875, visitors: 912 }],
};
const bodies: Record<string, unknown> = {
  '/api/analytics/overview': overview,
  '/api/analytics/growth': growth,
  '/api/analytics/engagement': engagement,
  '/api/analytics/website': website,
};

/** The API as the page sees it; paths in `failing` answer 500 until they are taken out. */
function serve(failing: Set<string>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input), 'http://church.test').pathname;
      calls.push(path);
      if (failing.has(path) || !(path in bodies))
        return new Response(JSON.stringify({ status: 'error', message: 'Something went wrong on our side. Please try again.' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(JSON.stringify({ status: 'success', data: bodies[path] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

afterEach(() => vi.unstubAllGlobals());

describe('AnalyticsPage', () => {
  it('shows every source’s figures when all four answer', async () => {
    serve(new Set());
    renderAt(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText('137')).toBeInTheDocument();
    expect(screen.getByText('R 48,250.50')).toBeInTheDocument();
    expect(screen.getByText('33.3%')).toBeInTheDocument();
    openTab('website');
    expect(await screen.findByText('2875')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load analytics data')).not.toBeInTheDocument();
  });

  it('one source failing leaves the rest standing: its place says so, with Retry, and a toast says it too', async () => {
    const failing = new Set(['/api/analytics/website']);
    const calls = serve(failing);
    renderAt(<AnalyticsPage />, { path: '/analytics' });
    // The overview's figures are there…
    expect(await screen.findByText('137')).toBeInTheDocument();
    // …and the toast says the spec's words.
    expect(await screen.findByText('Failed to load analytics data')).toBeInTheDocument();
    openTab('engagement');
    expect(await screen.findByText('51%')).toBeInTheDocument();
    expect(screen.queryByTestId('failed-engagement')).not.toBeInTheDocument();

    // The website tab shows no invented zeros: the failure, in its place.
    openTab('website');
    const failed = await screen.findByTestId('failed-website');
    expect(within(failed).getByText('Failed to load analytics data')).toBeInTheDocument();
    expect(screen.queryByText('Page views')).not.toBeInTheDocument();

    // Retry reads again; the source is back.
    failing.clear();
    const before = calls.length;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2875')).toBeInTheDocument();
    expect(calls.slice(before)).toContain('/api/analytics/website');
    await waitFor(() => expect(screen.queryByTestId('failed-website')).not.toBeInTheDocument());
  });

  it('the growth source failing leaves the overview’s headline figures and takes only its charts', async () => {
    serve(new Set(['/api/analytics/growth']));
    renderAt(<AnalyticsPage />, { path: '/analytics' });
    expect(await screen.findByText('137')).toBeInTheDocument();
    expect(await screen.findByTestId('failed-growth')).toBeInTheDocument();
    expect(screen.queryByText('Giving by month')).not.toBeInTheDocument();
    openTab('growth');
    expect(await screen.findByTestId('failed-growth')).toBeInTheDocument();
    expect(screen.queryByText('Member growth')).not.toBeInTheDocument();
  });

  it('all four failing: "Failed to load analytics data" with Retry in place of the tabs', async () => {
    const failing = new Set(Object.keys(bodies));
    serve(failing);
    renderAt(<AnalyticsPage />, { path: '/analytics' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    const alert = retry.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Failed to load analytics data')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Report' })).toBeDisabled();
    failing.clear();
    fireEvent.click(retry);
    expect(await screen.findByText('137')).toBeInTheDocument();
  });
});
