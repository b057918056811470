import { sql } from 'drizzle-orm';
import { seedPeople } from '../../../bench/src/seed/seed-people';
import type { Db } from '../../src/db/client';

/** The congregation the route budgets are measured on (issue 37: 100,000 people, 200,000 gifts). */
export const VOLUME = {
  members: 100_000,
  donations: 200_000,
  prayers: 5_000,
  events: 400,
  registrations: 60_000,
  attendance: 60_000,
  visitors: 10_000,
  contactMessages: 5_000,
  careVisits: 20_000,
  notifications: 100_000,
  auditEntries: 100_000,
  chatMessages: 100_000,
  sermons: 600,
} as const;

/**
 * Seeds VOLUME with set-based statements (generate_series), so it takes seconds on PGlite and PostgreSQL alike:
 * the people, gifts, prayers and events of bench/src/seed/seed-people.ts, and around them what a church of that
 * size accumulates — registrations and check-ins, visitors, contact messages, care visits, notifications, the
 * audit log, chat history and a sermon archive. `member` is the person the member-side routes are called as: it
 * gets a share of the gifts, notifications and registrations, as a long-standing member would.
 */
export async function seedVolume(db: Db, member: string, leader: string) {
  const people = await withoutSecondaryIndexes(db, SEEDED_TABLES, () => seed(db, member, leader));
  await db.execute(sql`analyze`);
  return people;
}

const SEEDED_TABLES = [
  'users',
  'donations',
  'prayers',
  'events',
  'event_registrations',
  'event_attendance',
  'visitors',
  'contact_messages',
  'care_visits',
  'notifications',
  'audit_log',
  'chat_messages',
  'sermons',
];

/**
 * A bulk load's usual order: the tables' foreign keys and non-unique indexes are dropped, the rows inserted, then
 * each index built in one sorted pass and each foreign key checked in one join — instead of 100,000 insertions
 * into each index (the trigram GIN indexes on people most of all) and a lookup per row per key (~5× faster on
 * PGlite). Both come back from their own definitions, so the measured routes run on exactly the schema the
 * migrations made, and a seeded row that broke a key would fail the re-check. Unique indexes stay (ON CONFLICT
 * needs them); so do the giving rollups' triggers, which keep the rollups equal to the gifts.
 */
async function withoutSecondaryIndexes<T>(db: Db, tables: string[], fn: () => Promise<T>): Promise<T> {
  const rows = async <R>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: R[] }).rows;
  const names = sql.join(
    tables.map((x) => sql`${x}`),
    sql`, `,
  );
  const keys = await rows<{ tbl: string; name: string; def: string }>(sql`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text in (${names})`);
  const indexes = await rows<{ indexname: string; indexdef: string }>(sql`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in (${names}) and indexdef not like 'CREATE UNIQUE%'`);
  for (const k of keys) await db.execute(sql.raw(`alter table ${k.tbl} drop constraint "${k.name}"`));
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  try {
    return await fn();
  } finally {
    for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
    for (const k of keys) await db.execute(sql.raw(`alter table ${k.tbl} add constraint "${k.name}" ${k.def}`));
  }
}

async function seed(db: Db, member: string, leader: string) {
  const v = VOLUME;
  // One member in three gives (about 33,000 givers, 6 gifts each over two years), as in a congregation.
  const people = await seedPeople(db, { members: v.members, donations: v.donations, prayers: v.prayers, events: v.events, givers: 3 });
  const ofRun = `%.${people.run}@bench.church`;
  await db.execute(sql`update donations set user_id = ${member} where user_id in (
    select id from users where email like ${ofRun} order by id limit 40)`);
  // Registrations and check-ins: people spread over the events (unique per event and person).
  for (const [table, n] of [
    ['event_registrations', v.registrations],
    ['event_attendance', v.attendance],
  ] as const) {
    await db.execute(sql`
      with e as (select id, row_number() over (order by starts_at) - 1 as k, count(*) over () as c from events),
           u as (select id, row_number() over (order by id) - 1 as k from users where email like ${ofRun})
      insert into ${sql.raw(table)} (event_id, user_id, ${sql.raw(table === 'event_registrations' ? 'created_at' : 'checked_in_at')})
      select e.id, u.id, now() - (i % 730) * interval '1 day' from generate_series(0, ${n - 1}::int) as i
      join e on e.k = i % e.c
      join u on u.k = (i * 7) % ${v.members}::int
      on conflict do nothing`);
  }
  await db.execute(sql`insert into event_registrations (event_id, user_id) select id, ${member} from events on conflict do nothing`);
  await db.execute(sql`
    insert into visitors (first_name, last_name, email, phone, first_visit_date, status, how_heard)
    select 'Visitor' || i, (array['Mokoena','Naidoo','Botha','Khumalo'])[1 + i % 4], 'visitor' || i || '@bench.church',
      '082 555 ' || lpad((i % 10000)::text, 4, '0'), current_date - (i % 700),
      (array['new','contacted','returning','member'])[1 + i % 4], 'friend'
    from generate_series(1, ${v.visitors}::int) as i`);
  await db.execute(sql`
    insert into contact_messages (name, email, phone, message, created_at)
    select 'Writer ' || i, 'writer' || i || '@bench.church', '', 'Please call me about the youth camp.', now() - (i % 900) * interval '1 hour'
    from generate_series(1, ${v.contactMessages}::int) as i`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) - 1 as k from users where email like ${ofRun})
    insert into care_visits (member_id, kind, visited_on, notes, follow_up_on, recorded_by)
    select u.id, (array['visit','call','hospital'])[1 + i % 3], current_date - (i % 700), 'Visited the family.',
      case when i % 5 = 0 then current_date + (i % 30) - 10 end, ${leader}
    from generate_series(0, ${v.careVisits - 1}::int) as i join u on u.k = (i * 13) % ${v.members}::int`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) - 1 as k from users where email like ${ofRun})
    insert into notifications (user_id, type, title, message, created_at, read_at)
    select case when i % 50 = 0 then ${member}::uuid else u.id end, 'event', 'Reminder', 'The youth service starts at 18:00.',
      now() - (i % 2000) * interval '1 hour', case when i % 3 = 0 then now() end
    from generate_series(0, ${v.notifications - 1}::int) as i join u on u.k = i % ${v.members}::int`);
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, actor_role, action, entity_type, entity_id, summary, at)
    select ${leader}, 'Pastor Bench', 'pastor', (array['member.update','donation.correct','event.update'])[1 + i % 3],
      (array['member','donation','event'])[1 + i % 3], gen_random_uuid()::text, 'Changed a record', now() - (i % 10000) * interval '1 hour'
    from generate_series(1, ${v.auditEntries}::int) as i`);
  await db.execute(sql`
    insert into chat_rooms (name, description, type, settings)
    select 'Room ' || i, 'A room of the congregation', 'public', '{}'::jsonb from generate_series(1, 4) as i`);
  await db.execute(sql`
    with r as (select id, row_number() over (order by name) - 1 as k from chat_rooms),
         u as (select id, row_number() over (order by id) - 1 as k from users where email like ${ofRun} limit 5000)
    insert into chat_messages (room_id, sender_id, content, created_at)
    select r.id, u.id, 'Amen! See you on Sunday, message ' || i, now() - (${v.chatMessages}::int - i) * interval '10 minutes'
    from generate_series(0, ${v.chatMessages - 1}::int) as i join r on r.k = i % 4 join u on u.k = i % 5000`);
  await db.execute(sql`insert into chat_room_members (room_id, user_id) select id, ${member} from chat_rooms on conflict do nothing`);
  await db.execute(sql`
    insert into sermons (title, speaker, preached_on, description, series, views, published)
    select 'Sermon ' || i, (array['Pastor John','Pastor Thandi','Elder Pieter'])[1 + i % 3], now() - i * interval '4 days',
      'A message from the book of Acts.', 'Series ' || (i / 8), i % 500, i % 20 <> 0
    from generate_series(1, ${v.sermons}::int) as i`);
  return people;
}
