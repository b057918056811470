import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { events, sermons, users } from '../schema/index';

const DAY = 86_400_000;

/** A date `days` from today at hh:mm South African time (UTC+2, no daylight saving). */
function at(days: number, hhmm: string | null): Date {
  const base = new Date(Date.now() + days * DAY);
  const ymd = base.toISOString().slice(0, 10);
  return new Date(`${ymd}T${hhmm ?? '00:00'}:00+02:00`);
}

type EventSeed = {
  title: string;
  description: string;
  days: number;
  time: string | null;
  hours?: number;
  location: string;
  type: string;
  speaker?: string;
  maxAttendees?: number;
  registrationRequired?: boolean;
  attendance?: number;
};

const EVENT_SEEDS: EventSeed[] = [
  // Upcoming
  {
    title: 'Youth Braai & Games Night',
    description: 'Boerewors, pap and a massive games tournament for high-schoolers and students. Bring a friend!',
    days: 5,
    time: '18:00',
    hours: 3,
    location: 'Youth Hall',
    type: 'social',
    maxAttendees: 80,
    registrationRequired: true,
  },
  {
    title: 'Mamelodi Soup Kitchen',
    description: 'Serve a hot meal to 300 neighbours in Mamelodi East. Volunteers meet at church for a lift at 7:30.',
    days: 8,
    time: '08:00',
    hours: 4,
    location: 'Mamelodi East Community Hall',
    type: 'outreach',
    maxAttendees: 40,
    registrationRequired: true,
  },
  {
    title: 'Marriage Enrichment Workshop',
    description: 'A practical morning for couples on communication, money and prayer together. Tea and muffins included.',
    days: 13,
    time: '09:00',
    hours: 3,
    location: 'Fellowship Hall',
    type: 'training',
    speaker: 'Pastor David & Thandiwe Nkosi',
    maxAttendees: 30,
    registrationRequired: true,
  },
  {
    title: 'Night of Worship',
    description: 'An evening of songs, scripture and prayer with the Grace Harvest worship team.',
    days: 19,
    time: '18:30',
    hours: 2,
    location: 'Main Sanctuary',
    type: 'service',
  },
  {
    title: 'Church Family Day',
    description: 'A day at the park with jumping castles, potjiekos competition and a short outdoor service.',
    days: 27,
    time: null,
    location: 'Magnolia Dell, Pretoria',
    type: 'social',
  },
  {
    title: 'Volunteer Leaders Meeting',
    description: 'Planning the next term with ministry leaders and volunteers.',
    days: 33,
    time: '19:00',
    hours: 1.5,
    location: 'Boardroom',
    type: 'meeting',
  },
  {
    title: 'Romans in 8 Weeks — Bible Study',
    description: 'A mid-week study through the book of Romans. Workbooks available at the welcome desk.',
    days: 40,
    time: '18:00',
    hours: 1.5,
    location: 'Fellowship Hall',
    type: 'study',
    speaker: 'Elder Grace van der Merwe',
  },
  // Past
  {
    title: 'Baptism Sunday',
    description: 'Eleven people publicly declared their faith in Jesus through baptism.',
    days: -9,
    time: '10:00',
    hours: 2,
    location: 'Main Sanctuary',
    type: 'service',
    attendance: 312,
  },
  {
    title: 'School Shoe Drive',
    description: 'Collecting and fitting school shoes for learners at Mamelodi Primary.',
    days: -21,
    time: '09:00',
    hours: 4,
    location: 'Mamelodi Primary School',
    type: 'outreach',
    attendance: 46,
  },
  {
    title: "Women's Breakfast",
    description: 'A morning of fellowship and teaching on Proverbs 31.',
    days: -35,
    time: '08:30',
    hours: 2.5,
    location: 'Fellowship Hall',
    type: 'social',
    attendance: 64,
  },
  {
    title: 'First Aid for Volunteers',
    description: 'St John Ambulance basic first-aid training for children and youth volunteers.',
    days: -50,
    time: '09:00',
    hours: 5,
    location: 'Classroom 2',
    type: 'training',
    attendance: 22,
  },
];

const SERMON_SEEDS = [
  {
    title: 'Grace That Finds Us',
    series: 'Amazing Grace',
    speaker: 'Pastor David Nkosi',
    days: -2,
    minutes: 42,
    description:
      'Ephesians 2:1-10. We did not climb up to God; His grace came down to find us — and that changes how we see ourselves and everyone else.',
  },
  {
    title: 'Grace for the Weary',
    series: 'Amazing Grace',
    speaker: 'Pastor David Nkosi',
    days: -9,
    minutes: 38,
    description:
      'Matthew 11:28-30. Jesus invites the tired and burdened to rest. What does it look like to take His yoke in a busy South African life?',
  },
  {
    title: 'Generous Like Our Father',
    series: 'Amazing Grace',
    speaker: 'Elder Grace van der Merwe',
    days: -16,
    minutes: 35,
    description: '2 Corinthians 8-9. Generosity is not about the size of the gift but the shape of the heart.',
  },
  {
    title: 'When Prayer Feels Unanswered',
    series: 'Teach Us to Pray',
    speaker: 'Pastor David Nkosi',
    days: -23,
    minutes: 45,
    description: 'Luke 18:1-8. The persistent widow and the God who is far better than the unjust judge.',
  },
  {
    title: 'Our Father in Heaven',
    series: 'Teach Us to Pray',
    speaker: 'Pastor David Nkosi',
    days: -30,
    minutes: 40,
    description: 'Matthew 6:9-13. The Lord’s Prayer as a pattern for every day, in every language we speak.',
  },
  {
    title: 'Praying Together',
    series: 'Teach Us to Pray',
    speaker: 'Thabo Mahlangu',
    days: -37,
    minutes: 31,
    description: 'Acts 2:42-47. The early church devoted themselves to prayer — together. Why our Friday prayer meetings matter.',
  },
  {
    title: 'Ubuntu and the Body of Christ',
    series: 'One Family',
    speaker: 'Pastor David Nkosi',
    days: -44,
    minutes: 47,
    description: '1 Corinthians 12. “I am because we are” — how the gospel fulfils our deepest longing for belonging.',
  },
  {
    title: 'A Table for Everyone',
    series: 'One Family',
    speaker: 'Thandiwe Nkosi',
    days: -51,
    minutes: 36,
    description: 'Luke 14:12-24. The great banquet and the people Jesus insists on inviting.',
  },
  {
    title: 'Serving the City',
    series: 'One Family',
    speaker: 'Pastor David Nkosi',
    days: -58,
    minutes: 44,
    description: 'Jeremiah 29:4-7. Seeking the peace and prosperity of Tshwane, the city where God has placed us.',
  },
];

export async function seedEventsAndSermons(db: Db) {
  const [pastor] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'pastor')).limit(1);
  const createdBy = pastor?.id ?? null;
  await db.insert(events).values(
    EVENT_SEEDS.map((e) => {
      const startsAt = at(e.days, e.time);
      return {
        title: e.title,
        description: e.description,
        startsAt,
        endsAt: e.hours ? new Date(startsAt.getTime() + e.hours * 3_600_000) : new Date(startsAt.getTime() + DAY - 60_000),
        time: e.time,
        location: e.location,
        type: e.type,
        speaker: e.speaker ?? null,
        maxAttendees: e.maxAttendees ?? null,
        registrationRequired: e.registrationRequired ?? false,
        attendance: e.attendance ?? null,
        createdBy,
      };
    }),
  );
  await db.insert(sermons).values(
    SERMON_SEEDS.map((s, i) => ({
      title: s.title,
      speaker: s.speaker,
      series: s.series,
      description: s.description,
      preachedOn: at(s.days, '10:00'),
      durationSeconds: s.minutes * 60 + ((i * 17) % 60),
      views: 420 - i * 37 + ((i * 53) % 29),
      published: true,
      createdBy,
    })),
  );
}
