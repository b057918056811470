import { queryOptions } from '@tanstack/react-query';
import { engagementResponse } from '@church/contract/analytics';
import type { DashboardSource } from '@church/contract/dashboard';
import { eventsResponse } from '@church/contract/events';
import { givingOverviewResponse, userGivingStatsResponse, type UserGivingStats } from '@church/contract/giving';
import { memberStatsResponse } from '@church/contract/members';
import { prayersListResponse } from '@church/contract/prayers';
import { can, isAdminType } from '@church/contract/roles';
import {
  computeDashboardStats,
  ownPrayers,
  recentActivity,
  type ActivityItem,
  type DashboardInputs,
  type DashboardStats,
  type MembersSummary,
} from '@church/contract/rules/dashboard';
import type { User } from '@church/contract/users';
import { visitorStatsResponse } from '@church/contract/visitors';
import { api } from '../../../lib/api-client';

export interface DashboardData {
  stats: DashboardStats;
  activity: ActivityItem[];
  giving: UserGivingStats;
  /** Sources that failed and fell back (so the page can say so instead of passing zeros off as real). */
  failed: DashboardSource[];
}

const EMPTY_GIVING: UserGivingStats = { totalGiven: 0, donationCount: 0, recentDonations: [], lastDonationDate: null };

/** Settles to the value, or to the fallback while noting the source as failed; `null` loader means "not for this role". */
async function source<T>(
  name: DashboardSource,
  load: (() => Promise<T>) | null,
  fallback: NoInfer<T>,
  failed: DashboardSource[],
  called: DashboardSource[],
) {
  if (!load) return fallback;
  called.push(name);
  try {
    return await load();
  } catch {
    failed.push(name);
    return fallback;
  }
}

/**
 * Spec 000 §4: six sources load in parallel, each with its own fallback
 * (lists to empty, giving and figures to zero). Church-wide sources are
 * only asked for by roles allowed to read them. When every source fails the
 * whole load fails, and the page shows an error with Retry rather than
 * invented numbers.
 */
export async function loadDashboard(user: User, now = new Date()): Promise<DashboardData> {
  const failed: DashboardSource[] = [];
  const called: DashboardSource[] = [];
  const adminType = isAdminType(user);
  const [members, prayers, events, giving, visitors, engagement, churchGiving] = await Promise.all([
    source<MembersSummary>(
      'members',
      () => api('/members/stats', { schema: memberStatsResponse }).then((r) => r.data),
      { totalMembers: 0, activeMembers: 0, newMembers: 0 },
      failed,
      called,
    ),
    source(
      'prayers',
      () =>
        api(can(user, 'prayers:moderate') ? '/prayers/all' : '/prayers', { query: { limit: 200 }, schema: prayersListResponse }).then(
          (r) => r.data.prayers,
        ),
      [],
      failed,
      called,
    ),
    source(
      'events',
      () => api('/events', { query: { limit: 100 }, schema: eventsResponse }).then((r) => r.data.events),
      [],
      failed,
      called,
    ),
    source(
      'giving',
      () => api('/giving/user-stats', { schema: userGivingStatsResponse }).then((r) => r.data),
      EMPTY_GIVING,
      failed,
      called,
    ),
    source(
      'visitors',
      can(user, 'visitors:read') ? () => api('/visitors/stats', { schema: visitorStatsResponse }).then((r) => r.data) : null,
      { totalVisitors: 0, newThisMonth: 0 },
      failed,
      called,
    ),
    source<{ activeMembers: number; averageAttendance: number }>(
      'engagement',
      can(user, 'pastor:dashboard') ? () => api('/analytics/engagement', { schema: engagementResponse }).then((r) => r.data) : null,
      { activeMembers: 0, averageAttendance: 0 },
      failed,
      called,
    ),
    // Church-wide giving for the admin-type monthly estimate; part of the giving source.
    adminType
      ? api('/giving', { query: { limit: 1 }, schema: givingOverviewResponse })
          .then((r) => ({ totalGiven: r.data.summary.totalGiven }))
          .catch(() => null)
      : Promise.resolve(null),
  ]);
  if (called.length > 0 && failed.length === called.length) throw new Error('Failed to load dashboard data');

  const inputs: DashboardInputs = { members, prayers, events, giving, visitors, engagement, churchGiving };
  const me = { id: user.id, name: user.name };
  return {
    stats: computeDashboardStats(inputs, me, { adminType, now }),
    activity: recentActivity({ donations: giving.recentDonations, prayers: ownPrayers(prayers, me), events }, now),
    giving,
    failed,
  };
}

export const dashboardQuery = (user: User) =>
  queryOptions({
    queryKey: ['dashboard', user.id, user.role] as const,
    queryFn: () => loadDashboard(user),
    staleTime: 30_000,
  });
