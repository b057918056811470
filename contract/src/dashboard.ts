/**
 * Spec 000 §2/§3 dashboard stat cards: value, label, icon, colour. The first
 * four are what every member sees; New Visitors and Active Members are
 * church-wide figures, shown to leaders only.
 */
export const STAT_CARDS = [
  { key: 'totalMembers', label: 'Total Members', colour: 'blue', leadersOnly: false },
  { key: 'totalGiving', label: 'Your Total Giving', colour: 'green', leadersOnly: false },
  { key: 'upcomingEvents', label: 'Upcoming Events', colour: 'grape', leadersOnly: false },
  { key: 'yourPrayers', label: 'Your Prayers', colour: 'red', leadersOnly: false },
  { key: 'newVisitors', label: 'New Visitors', colour: 'orange', leadersOnly: true },
  { key: 'activeMembers', label: 'Active Members', colour: 'indigo', leadersOnly: true },
] as const;
export type StatKey = (typeof STAT_CARDS)[number]['key'];

/** Spec 000 §9: recent activity shows at most 5 items, up to 2 of each kind. */
export const RECENT_ACTIVITY_MAX = 5;
export const RECENT_ACTIVITY_PER_KIND = 2;
/** Spec 000 §4: admin-type monthly giving is estimated as 10% of total giving. */
export const MONTHLY_GIVING_ESTIMATE_RATE = 0.1;

/** The six dashboard sources (spec 000 §4) and what each falls back to. */
export const DASHBOARD_SOURCES = ['members', 'prayers', 'events', 'giving', 'visitors', 'engagement'] as const;
export type DashboardSource = (typeof DASHBOARD_SOURCES)[number];

export const PLAIN_MEMBER_NOTE = 'Need more features? Please contact the church administration.';
