import { asc, gt, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { donations, eventRegistrations, events, notifications, prayers, users } from '../schema/index';

const DAY = 86_400_000;
const ago = (days: number, hour = 10) => {
  const d = new Date(Date.now() - days * DAY);
  d.setUTCHours(hour - 2, (days * 7) % 60, 0, 0);
  return d;
};

/** The demo member's own giving: R 2,870.50 in six gifts (README and e2e read this figure). */
export const DEMO_MEMBER_GIVING = [
  { rand: 500, method: 'card', frequency: 'monthly', days: 75, note: 'Monthly tithe' },
  { rand: 250, method: 'card', frequency: 'one-time', days: 60, note: 'Youth camp bursaries' },
  { rand: 500, method: 'card', frequency: 'monthly', days: 45, note: 'Monthly tithe' },
  { rand: 120.5, method: 'cash', frequency: 'one-time', days: 30, note: null },
  { rand: 500, method: 'card', frequency: 'monthly', days: 15, note: 'Monthly tithe' },
  { rand: 1000, method: 'bank', frequency: 'one-time', days: 5, note: 'Building fund' },
] as const;

const PRAYERS: { title: string; description: string; status: string; isPublic?: boolean; priority?: string; days: number }[] = [
  {
    title: 'Healing for my gogo',
    description:
      'My grandmother is in Steve Biko Academic Hospital after a stroke. Please pray for her recovery and for peace for our family.',
    status: 'approved',
    priority: 'high',
    days: 3,
  },
  {
    title: 'Matric final exams',
    description: 'Our son writes his final matric exams this month. Pray for focus, calm nerves and a clear mind.',
    status: 'approved',
    days: 6,
  },
  {
    title: 'Work at the new clinic',
    description: 'I start as a nurse at the Mamelodi clinic next week. Pray that I serve patients with compassion.',
    status: 'pending',
    days: 1,
  },
  {
    title: 'Rain for the farms',
    description: 'The drought in Limpopo is hurting my family’s farm. We are trusting God for rain.',
    status: 'pending',
    priority: 'high',
    days: 2,
  },
  {
    title: 'Reconciliation with my brother',
    description: 'We have not spoken in two years. Pray for humility and a way to reconnect.',
    status: 'pending',
    isPublic: false,
    days: 4,
  },
  {
    title: 'Job interviews',
    description: 'I have three interviews in Johannesburg this week after being retrenched. Pray for favour.',
    status: 'answered',
    days: 40,
  },
  {
    title: 'Safe travels to Cape Town',
    description: 'Driving down the N1 with the children for the holidays.',
    status: 'approved',
    priority: 'low',
    days: 9,
  },
  {
    title: 'Selling our house',
    description: 'A private matter I would rather not share publicly.',
    status: 'rejected',
    isPublic: false,
    days: 20,
  },
  {
    title: 'Our outreach team',
    description: 'For the volunteers serving at the soup kitchen, that people will experience God’s love.',
    status: 'approved',
    days: 12,
  },
  {
    title: 'Wisdom for the church council',
    description: 'As the leaders plan next year’s budget and ministries.',
    status: 'answered',
    days: 55,
  },
];

const OTHER_GIFTS = [200, 350, 100, 1500, 75.5, 420, 260, 800, 150, 95, 2500, 300, 180.25, 640, 120];

/**
 * Prayers in every status, donations (cents, from rand) for the demo member and
 * thirty others, registrations for upcoming events, and the demo member's
 * notifications — so every member page has something true to show.
 */
export async function seedMemberPortal(db: Db) {
  const people = await db.select().from(users).where(ne(users.role, 'developer')).orderBy(asc(users.createdAt), asc(users.email));
  const member = people.find((p) => p.email === 'member@demo.church');
  const others = people.filter((p) => p.id !== member?.id && !p.email?.endsWith('@demo.church'));
  if (!member || others.length === 0) return;

  // Naledi (the demo member) asked for two of them: one shared and approved, one still pending.
  await db.insert(prayers).values([
    {
      userId: member.id,
      submittedBy: member.name,
      title: 'Strength for my studies',
      description: 'I am finishing my teaching diploma at UNISA while working. Please pray for strength and good time management.',
      status: 'approved',
      createdAt: ago(8),
    },
    {
      userId: member.id,
      submittedBy: member.name,
      title: 'My father’s new job',
      description: 'Dad starts at a new company in Centurion. Pray that he settles in well.',
      status: 'pending',
      createdAt: ago(2),
    },
    ...PRAYERS.map((p, i) => {
      const who = others[(i * 3) % others.length]!;
      return {
        userId: who.id,
        submittedBy: who.name,
        title: p.title,
        description: p.description,
        status: p.status,
        isPublic: p.isPublic ?? true,
        priority: p.priority ?? 'medium',
        createdAt: ago(p.days, 9 + (i % 8)),
        answeredAt: p.status === 'answered' ? ago(p.days - 10) : null,
      };
    }),
  ]);

  await db.insert(donations).values([
    ...DEMO_MEMBER_GIVING.map((g) => ({
      userId: member.id,
      donorName: member.name,
      amountCents: Math.round(g.rand * 100),
      paymentMethod: g.method,
      frequency: g.frequency,
      note: g.note,
      fund: g.note === 'Building fund' ? 'Building Fund' : g.note === 'Youth camp bursaries' ? 'Youth' : 'General',
      status: 'completed',
      givenAt: ago(g.days, 11),
    })),
    ...others.slice(0, 24).flatMap((p, i) =>
      [0, 1].map((k) => ({
        userId: p.id,
        donorName: p.name,
        amountCents: Math.round(OTHER_GIFTS[(i + k * 5) % OTHER_GIFTS.length]! * 100),
        paymentMethod: (['card', 'bank', 'cash'] as const)[(i + k) % 3],
        frequency: i % 4 === 0 ? 'monthly' : 'one-time',
        fund: (['General', 'General', 'Building Fund', 'Missions', 'Youth'] as const)[(i + k) % 5],
        note: null,
        // A bank transfer not yet reconciled, and one failed card payment.
        status: i === 3 && k === 1 ? 'pending' : i === 7 && k === 0 ? 'failed' : 'completed',
        givenAt: ago(3 + ((i * 11 + k * 29) % 85), 9 + (i % 9)),
      })),
    ),
  ]);

  // Registrations for the upcoming events (the demo member is registered for none, so the e2e can register).
  const upcoming = await db.select().from(events).where(gt(events.startsAt, new Date())).orderBy(asc(events.startsAt));
  const regs = upcoming.flatMap((e, ei) =>
    others
      .filter((_, i) => (i + ei) % 3 === 0)
      .slice(0, e.maxAttendees ? Math.min(e.maxAttendees - 2, 12) : 12)
      .map((p, i) => ({ eventId: e.id, userId: p.id, createdAt: ago(1 + ((i + ei) % 10)) })),
  );
  if (regs.length) await db.insert(eventRegistrations).values(regs);

  const first = upcoming[0];
  await db.insert(notifications).values([
    {
      userId: member.id,
      type: 'prayer',
      title: 'Prayer request approved',
      message: 'Your prayer request "Strength for my studies" has been approved and shared with the church.',
      link: '/mobile/prayer',
      createdAt: ago(7, 9),
    },
    {
      userId: member.id,
      type: 'giving',
      title: 'Donation received',
      message: 'Thank you! We received your donation of R 1,000.00.',
      link: '/mobile/giving',
      createdAt: ago(5, 11),
    },
    {
      userId: member.id,
      type: 'event',
      title: 'New event',
      message: first ? `${first.title} — registration is open.` : 'New events have been added to the calendar.',
      link: '/mobile/events',
      createdAt: ago(1, 14),
    },
    {
      userId: member.id,
      type: 'message',
      title: 'Welcome to the prayer team',
      message: 'Pastor David added you to the Friday prayer meeting WhatsApp list.',
      createdAt: ago(20, 16),
      readAt: ago(19, 8),
    },
    {
      userId: member.id,
      type: 'other',
      title: 'Profile reminder',
      message: 'Add your spiritual gifts and ministry interests so leaders can connect you with a team.',
      link: '/mobile/profile',
      createdAt: ago(30, 10),
      readAt: ago(29, 12),
    },
  ]);
}
