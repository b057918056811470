import { MONTHLY_GIVING_ESTIMATE_RATE, RECENT_ACTIVITY_MAX, RECENT_ACTIVITY_PER_KIND } from '../dashboard';
import { formatRand } from './money';

/** The fields of the six sources the computations read (spec 000 §4). */
export interface EventLike {
  id: string;
  title: string;
  date?: string | null;
  startDate?: string | null;
}
export interface PrayerLike {
  id: string;
  title: string;
  userId?: string | null;
  submittedBy?: string | null;
  createdAt: string;
}
export interface DonationLike {
  id: string;
  amount: number;
  date: string;
}
export interface MemberLike {
  isActive?: boolean | null;
  status?: string | null;
  joinDate?: string | null;
}
export interface MembersSummary {
  totalMembers: number;
  activeMembers: number;
  newMembers: number;
}
export interface DashboardInputs {
  members: MembersSummary;
  prayers: PrayerLike[];
  events: EventLike[];
  giving: { totalGiven: number; donationCount: number; recentDonations: DonationLike[] };
  visitors: { totalVisitors: number; newThisMonth: number };
  engagement: { activeMembers: number; averageAttendance: number };
  /** Church-wide total giving (admin-type only). */
  churchGiving?: { totalGiven: number } | null;
}

const eventTime = (e: EventLike) => {
  const raw = e.date ?? e.startDate;
  const t = raw ? Date.parse(raw) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** Upcoming = dated now or later, by date or else startDate. */
export function upcomingEvents<T extends EventLike>(events: readonly T[], now: Date = new Date()): T[] {
  return events
    .filter((e) => {
      const t = eventTime(e);
      return t !== null && t >= now.getTime();
    })
    .sort((a, b) => eventTime(a)! - eventTime(b)!);
}

/** Your Prayers: userId matches the user's id, or submittedBy matches the user's name. */
export function ownPrayers<T extends PrayerLike>(prayers: readonly T[], user: { id: string; name: string }): T[] {
  return prayers.filter((p) => (p.userId != null && p.userId === user.id) || (!!p.submittedBy && p.submittedBy === user.name));
}

/** "Treated as active unless explicitly false", and not marked inactive by a leader. */
export const isActiveMember = (m: MemberLike) => m.isActive !== false && m.status !== 'inactive';

/** Active Members: the engagement figure when it is non-zero, otherwise counted. */
export function activeMembersCount(engagementActive: number, countedActive: number): number {
  return engagementActive > 0 ? engagementActive : countedActive;
}

/** The same day one calendar month earlier (31 March → 28/29 February). */
export function oneMonthAgo(now: Date = new Date()): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The first join date (YYYY-MM-DD) that still counts as new. */
export const newMemberCutoff = (now: Date = new Date()) => oneMonthAgo(now).toISOString().slice(0, 10);

/** New members: joined within the last month (join dates are calendar days). */
export function isNewMember(m: MemberLike, now: Date = new Date()): boolean {
  if (!m.joinDate) return false;
  const day = m.joinDate.slice(0, 10);
  return day >= newMemberCutoff(now) && day <= now.toISOString().slice(0, 10);
}

/** Counts a members list the way the members source would (for lists from the directory). */
export function summariseMembers(members: readonly MemberLike[], now: Date = new Date()): MembersSummary {
  return {
    totalMembers: members.length,
    activeMembers: members.filter(isActiveMember).length,
    newMembers: members.filter((m) => isNewMember(m, now)).length,
  };
}

/** Admin-type: monthly giving is estimated as 10% of total giving, to the cent. */
export const monthlyGivingEstimate = (totalGiving: number) => Math.round(totalGiving * MONTHLY_GIVING_ESTIMATE_RATE * 100) / 100;

export interface ActivityItem {
  id: string;
  kind: 'donation' | 'prayer' | 'event';
  /** In English; screens compose their own from `amount` or `title` in the reader's language (issue 36). */
  text: string;
  amount?: number;
  title?: string;
  time: string;
  colour: 'green' | 'red' | 'grape';
}

/**
 * Recent activity: up to 2 donations (newest), 2 of your prayers (newest) and
 * 2 upcoming events (soonest), in that order, then cut to 5.
 */
export function recentActivity(
  input: { donations: readonly DonationLike[]; prayers: readonly PrayerLike[]; events: readonly EventLike[] },
  now: Date = new Date(),
): ActivityItem[] {
  const newestFirst = <T>(items: readonly T[], time: (x: T) => string) =>
    [...items].sort((a, b) => (Date.parse(time(b)) || 0) - (Date.parse(time(a)) || 0));
  const donations = newestFirst(input.donations, (d) => d.date)
    .slice(0, RECENT_ACTIVITY_PER_KIND)
    .map((d): ActivityItem => ({
      id: `donation-${d.id}`,
      kind: 'donation',
      text: `You gave ${formatRand(d.amount)}`,
      amount: d.amount,
      time: d.date,
      colour: 'green',
    }));
  const prayers = newestFirst(input.prayers, (p) => p.createdAt)
    .slice(0, RECENT_ACTIVITY_PER_KIND)
    .map((p): ActivityItem => ({
      id: `prayer-${p.id}`,
      kind: 'prayer',
      text: `Prayer request: ${p.title}`,
      title: p.title,
      time: p.createdAt,
      colour: 'red',
    }));
  const events = upcomingEvents(input.events, now)
    .slice(0, RECENT_ACTIVITY_PER_KIND)
    .map((e): ActivityItem => ({
      id: `event-${e.id}`,
      kind: 'event',
      text: `Upcoming event: ${e.title}`,
      title: e.title,
      time: (e.date ?? e.startDate)!,
      colour: 'grape',
    }));
  return [...donations, ...prayers, ...events].slice(0, RECENT_ACTIVITY_MAX);
}

export interface DashboardStats {
  totalMembers: number;
  totalGiving: number;
  upcomingEvents: number;
  yourPrayers: number;
  newVisitors: number;
  activeMembers: number;
  donationCount: number;
  /** Admin-type only: church-wide figures. */
  church: { totalGiving: number; monthlyGivingEstimate: number; newMembers: number } | null;
}

/** Every stat-card figure of spec 000 §4 from the (already fallen-back) sources. */
export function computeDashboardStats(
  input: DashboardInputs,
  user: { id: string; name: string },
  opts: { adminType: boolean; now?: Date },
): DashboardStats {
  const now = opts.now ?? new Date();
  return {
    totalMembers: input.members.totalMembers,
    totalGiving: input.giving.totalGiven,
    upcomingEvents: upcomingEvents(input.events, now).length,
    yourPrayers: ownPrayers(input.prayers, user).length,
    newVisitors: input.visitors.newThisMonth,
    activeMembers: activeMembersCount(input.engagement.activeMembers, input.members.activeMembers),
    donationCount: input.giving.donationCount,
    church: opts.adminType
      ? {
          totalGiving: input.churchGiving?.totalGiven ?? 0,
          monthlyGivingEstimate: monthlyGivingEstimate(input.churchGiving?.totalGiven ?? 0),
          newMembers: input.members.newMembers,
        }
      : null,
  };
}
