import { describe, expect, it } from 'vitest';
import {
  activeMembersCount,
  computeDashboardStats,
  isActiveMember,
  isNewMember,
  monthlyGivingEstimate,
  oneMonthAgo,
  ownPrayers,
  recentActivity,
  summariseMembers,
  upcomingEvents,
  type DashboardInputs,
} from './dashboard';

const now = new Date('2026-11-21T10:00:00Z');
const ev = (id: string, date: string | null, startDate?: string) => ({ id, title: `Event ${id}`, date, startDate });

describe('upcomingEvents', () => {
  it('keeps events dated now or later, by date or else startDate, soonest first', () => {
    const list = [
      ev('past', '2026-11-20T10:00:00Z'),
      ev('exactly-now', '2026-11-21T10:00:00Z'),
      ev('later', '2026-12-01T10:00:00Z'),
      ev('by-start', null, '2026-11-25T08:00:00Z'),
      ev('undated', null),
    ];
    expect(upcomingEvents(list, now).map((e) => e.id)).toEqual(['exactly-now', 'by-start', 'later']);
  });
});

describe('ownPrayers', () => {
  const user = { id: 'u1', name: 'Naledi Zulu' };
  it('matches userId or submittedBy name', () => {
    const prayers = [
      { id: 'a', title: 'A', userId: 'u1', submittedBy: 'Someone', createdAt: '' },
      { id: 'b', title: 'B', userId: null, submittedBy: 'Naledi Zulu', createdAt: '' },
      { id: 'c', title: 'C', userId: 'u2', submittedBy: 'Thabo', createdAt: '' },
      { id: 'd', title: 'D', userId: null, submittedBy: '', createdAt: '' },
    ];
    expect(ownPrayers(prayers, user).map((p) => p.id)).toEqual(['a', 'b']);
  });
});

describe('active and new members', () => {
  it('treats a member as active unless explicitly false or marked inactive', () => {
    expect(isActiveMember({})).toBe(true);
    expect(isActiveMember({ isActive: null })).toBe(true);
    expect(isActiveMember({ isActive: false })).toBe(false);
    expect(isActiveMember({ status: 'inactive' })).toBe(false);
  });
  it('uses the engagement figure when non-zero, otherwise the count', () => {
    expect(activeMembersCount(42, 30)).toBe(42);
    expect(activeMembersCount(0, 30)).toBe(30);
  });
  it('one month ago clamps to the end of a shorter month', () => {
    expect(oneMonthAgo(new Date('2026-03-31T12:00:00Z')).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(oneMonthAgo(new Date('2026-01-15T12:00:00Z')).toISOString().slice(0, 10)).toBe('2025-12-15');
  });
  it('new members joined within the last month', () => {
    expect(isNewMember({ joinDate: '2026-10-21' }, now)).toBe(true);
    expect(isNewMember({ joinDate: '2026-10-20' }, now)).toBe(false);
    expect(isNewMember({ joinDate: '2026-11-22' }, now)).toBe(false);
    expect(isNewMember({ joinDate: null }, now)).toBe(false);
    expect(summariseMembers([{ joinDate: '2026-11-01' }, { joinDate: '2020-01-01', status: 'inactive' }], now)).toEqual({
      totalMembers: 2,
      activeMembers: 1,
      newMembers: 1,
    });
  });
});

describe('monthlyGivingEstimate', () => {
  it('is 10% of total giving, to the cent', () => {
    expect(monthlyGivingEstimate(12345.67)).toBe(1234.57);
    expect(monthlyGivingEstimate(0)).toBe(0);
  });
});

describe('recentActivity', () => {
  const donations = [
    { id: 'd1', amount: 100, date: '2026-11-01T10:00:00Z' },
    { id: 'd2', amount: 250.5, date: '2026-11-10T10:00:00Z' },
    { id: 'd3', amount: 50, date: '2026-11-05T10:00:00Z' },
  ];
  const prayers = [
    { id: 'p1', title: 'Healing', createdAt: '2026-11-02T10:00:00Z' },
    { id: 'p2', title: 'Exams', createdAt: '2026-11-12T10:00:00Z' },
    { id: 'p3', title: 'Work', createdAt: '2026-11-08T10:00:00Z' },
  ];
  const events = [
    ev('e1', '2026-12-05T10:00:00Z'),
    ev('e0', '2026-11-01T10:00:00Z'),
    ev('e2', '2026-11-28T10:00:00Z'),
    ev('e3', '2026-12-24T10:00:00Z'),
  ];

  it('takes up to 2 donations, 2 prayers, 2 events, newest/soonest, then cuts to 5', () => {
    const items = recentActivity({ donations, prayers, events }, now);
    expect(items.map((i) => i.id)).toEqual(['donation-d2', 'donation-d3', 'prayer-p2', 'prayer-p3', 'event-e2']);
    expect(items[0]).toMatchObject({ text: 'You gave R 250.50', colour: 'green' });
    expect(items[4]).toMatchObject({ text: 'Upcoming event: Event e2', colour: 'grape' });
  });
  it('fills with what exists when a kind is missing', () => {
    const items = recentActivity({ donations: [], prayers: prayers.slice(0, 1), events }, now);
    expect(items.map((i) => i.id)).toEqual(['prayer-p1', 'event-e2', 'event-e1']);
  });
  it('is empty with no sources', () => {
    expect(recentActivity({ donations: [], prayers: [], events: [] }, now)).toEqual([]);
  });
});

describe('computeDashboardStats', () => {
  const inputs: DashboardInputs = {
    members: { totalMembers: 38, activeMembers: 35, newMembers: 4 },
    prayers: [
      { id: 'a', title: 'A', userId: 'u1', createdAt: '' },
      { id: 'b', title: 'B', userId: 'u2', submittedBy: 'Other', createdAt: '' },
    ],
    events: [ev('x', '2026-12-01T10:00:00Z'), ev('y', '2026-10-01T10:00:00Z')],
    giving: { totalGiven: 1500.5, donationCount: 3, recentDonations: [] },
    visitors: { totalVisitors: 20, newThisMonth: 6 },
    engagement: { activeMembers: 0, averageAttendance: 0 },
    churchGiving: { totalGiven: 98765.43 },
  };
  it('computes every card, with church-wide figures for admin-type only', () => {
    const user = { id: 'u1', name: 'Naledi Zulu' };
    const member = computeDashboardStats(inputs, user, { adminType: false, now });
    expect(member).toEqual({
      totalMembers: 38,
      totalGiving: 1500.5,
      upcomingEvents: 1,
      yourPrayers: 1,
      newVisitors: 6,
      activeMembers: 35,
      donationCount: 3,
      church: null,
    });
    const admin = computeDashboardStats({ ...inputs, engagement: { activeMembers: 21, averageAttendance: 80 } }, user, {
      adminType: true,
      now,
    });
    expect(admin.activeMembers).toBe(21);
    expect(admin.church).toEqual({ totalGiving: 98765.43, monthlyGivingEstimate: 9876.54, newMembers: 4 });
  });
});
