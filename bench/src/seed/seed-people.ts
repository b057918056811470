import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/src/db/client';

const FIRST = [
  'Thandi',
  'Sipho',
  'Lerato',
  'Johan',
  'Anele',
  'Pieter',
  'Nomsa',
  'Themba',
  'Zanele',
  'Ruan',
  'Ayesha',
  'Kagiso',
  'Naledi',
  'Bongani',
  'Chantelle',
  'Mpho',
  'Lindiwe',
  'Tshepo',
  'Karabo',
  'Elize',
];
const LAST = [
  'Mokoena',
  'Nkosi',
  'Dlamini',
  'van der Merwe',
  'Naidoo',
  'Botha',
  'Khumalo',
  'Ndlovu',
  'Pretorius',
  'Mahlangu',
  'Jacobs',
  'Zulu',
  'Molefe',
  'Smith',
  'Pillay',
  'Mthembu',
  'Fourie',
  'Sithole',
  'Petersen',
  'Mabaso',
];
const FUNDS = ['General', 'Building Fund', 'Missions', 'Youth', 'Benevolence'];

const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * Set-based inserts (generate_series), so 100,000 members take seconds on
 * PGlite and PostgreSQL alike. Each run tags its rows with a run id so e-mails stay unique.
 * No two seeded people are likely duplicates (bench/src/duplicates.ts adds its own): phones are unique
 * (i × 7919 mod 10⁷ is one-to-one), and so is name with birthday (400 names; per name, a birthday 7 days
 * further on for each next person of that name, for up to 1,000,000 people).
 */
export async function seedPeople(
  db: Db,
  /** givers: one member in this many gives (default 1: the gifts are spread over everyone). */
  opts: { members: number; donations: number; prayers: number; events: number; givers?: number },
) {
  const run = Date.now().toString(36);
  const batch = 20_000;
  for (let start = 1; start <= opts.members; start += batch) {
    const end = Math.min(opts.members, start + batch - 1);
    await db.execute(sql`
      insert into users (name, email, phone, role, status, is_volunteer, gender, marital_status, join_date, birthday, address)
      select
        (${arr(FIRST)})[1 + (i % 20)] || ' ' || (${arr(LAST)})[1 + ((i / 20) % 20)],
        'member' || i || '.' || ${run} || '@bench.church',
        -- Mixed formats (issue 31): most stored as E.164 as the product writes them now, one in five as
        -- rows written before (082 555 1234, 0825551234, +27 82 555 1234) that the migration could not read.
        -- The seven digits after the prefix are unique per person (i × 7919 mod 10⁷ is one-to-one).
        case i % 10
          when 7 then '0' || (60 + (i % 24)) || ' ' || substr(lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'), 1, 3) || ' ' ||
            substr(lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'), 4, 4)
          when 8 then '+27 ' || (60 + (i % 24)) || ' ' || substr(lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'), 1, 3) || ' ' ||
            substr(lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'), 4, 4)
          else '+27' || (60 + (i % 24)) || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0') end,
        case when i % 50 = 0 then 'volunteer' when i % 200 = 0 then 'deacon' when i % 500 = 0 then 'elder' else 'member' end,
        case when i % 13 = 0 then 'inactive' when i % 29 = 0 then 'visitor' else 'active' end,
        i % 9 = 0,
        case when i % 2 = 0 then 'female' else 'male' end,
        (array['single','married','divorced','widowed'])[1 + (i % 4)],
        current_date - ((i * 37) % 3650),
        date '1940-01-01' + (((i / 400) * 7 + (i % 400) * 13) % 25000)::int,
        (i % 300) || ' Church Street, Pretoria'
      from generate_series(${start}::int, ${end}::int) as i`);
  }
  if (opts.donations > 0) {
    for (let start = 1; start <= opts.donations; start += 50_000) {
      const end = Math.min(opts.donations, start + 49_999);
      // Givers are drawn from the members this run created (by row number), so donations belong to real people.
      await db.execute(sql`
        with givers as (
          select id, name, n from (
            select id, name, row_number() over (order by id) as n from users where email like ${'%.' + run + '@bench.church'}
          ) all_members where n % ${opts.givers ?? 1}::int = 0
        ), numbered as (select id, name, row_number() over (order by n) as n from givers), g as (select count(*) as c from numbered)
        insert into donations (user_id, donor_name, amount_cents, payment_method, frequency, fund, status, given_at)
        select numbered.id, numbered.name,
          5000 + ((i * 7727) % 200000),
          (array['card','bank','cash'])[1 + (i % 3)],
          (array['one-time','weekly','monthly'])[1 + (i % 3)],
          (${arr(FUNDS)})[1 + (i % 5)],
          case when i % 40 = 0 then 'pending' else 'completed' end,
          now() - ((i * 3607) % (730 * 86400)) * interval '1 second'
        from generate_series(${start}::int, ${end}::int) as i
        cross join g
        join numbered on numbered.n = 1 + (i % greatest(g.c, 1))`);
    }
  }
  if (opts.prayers > 0) {
    await db.execute(sql`
      insert into prayers (user_id, submitted_by, title, description, status, priority, created_at)
      select u.id, u.name, 'Prayer for ' || u.name, 'Please pray with our family for healing, provision and peace this season.',
        (array['pending','approved','answered','rejected'])[1 + (i % 4)], (array['low','medium','high'])[1 + (i % 3)],
        now() - (i % 60) * interval '1 day'
      from generate_series(1, ${opts.prayers}::int) as i
      join (select id, name, row_number() over (order by id) as n from users where email like ${'%.' + run + '@bench.church'}) u on u.n = i`);
  }
  if (opts.events > 0) {
    await db.execute(sql`
      insert into events (title, description, starts_at, time, location, type, max_attendees)
      select 'Bench event ' || i, 'A gathering of the congregation', now() + (i - ${Math.floor(opts.events / 2)}::int) * interval '3 days', '10:00',
        'Main Auditorium', (array['service','study','social','outreach','meeting','training'])[1 + (i % 6)], 200
      from generate_series(1, ${opts.events}::int) as i`);
  }
  await db.execute(sql`analyze`);
  return { members: opts.members, donations: opts.donations, prayers: opts.prayers, events: opts.events, run };
}
