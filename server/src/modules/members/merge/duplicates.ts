import { sql } from 'drizzle-orm';
import type { DuplicateReason } from '@church/contract/members-merge';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from './relations';

interface PairRow {
  a_id: string;
  b_id: string;
  reasons: DuplicateReason[];
  total: number;
}

/**
 * Likely duplicates, found by the database in one query (hash joins on three
 * keys, no per-member round trips):
 *  - e-mail: e-mails are unique, so "same" means the same mailbox — lower case
 *    with a '+tag' dropped (jane+church@x.org and jane@x.org);
 *  - phone: the digits, with a leading 27 read as the trunk 0 (the search's rule:
 *    '+27 82 555 1234' and '082 555 1234'), at least 7 digits;
 *  - name and birth date: the name without case and extra spaces, and the same birthday.
 * Developer accounts are not members and never listed; nor are deleted (POPIA-erased) accounts.
 */
export async function findDuplicates(db: DbOrTx, limit: number) {
  const pairs = await rowsOf<PairRow>(
    db,
    sql`with k as (
          select id, created_at,
                 regexp_replace(email, '\\+[^@]*@', '@') collate "C" as ek,
                 case when length(phone_digits) >= 7 then regexp_replace(phone_digits, '^27', '0') end collate "C" as pk,
                 case when birthday is not null then lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) || '|' || birthday::text end collate "C" as nk
            from users where role <> 'developer' and erased_at is null
        ), shared as (
          -- The keys held by more than one person, found by hashing each key once (byte order: "C"), before any
          -- pair is made. Joining every person to every other on the key sorted 100,000 keys three times under
          -- the locale's collation (6 s on PostgreSQL at 100,000 people; route budgets, issue 37).
          select 'email' as reason, ek as key from k where ek is not null group by ek having count(*) > 1
          union all select 'phone', pk from k where pk is not null group by pk having count(*) > 1
          union all select 'nameBirthday', nk from k where nk is not null group by nk having count(*) > 1
        ), p as (
          select a.id as a_id, b.id as b_id, s.reason from shared s
            join k a on s.reason = 'email' and a.ek = s.key join k b on b.ek = s.key and a.id < b.id
          union all
          select a.id, b.id, s.reason from shared s
            join k a on s.reason = 'phone' and a.pk = s.key join k b on b.pk = s.key and a.id < b.id
          union all
          select a.id, b.id, s.reason from shared s
            join k a on s.reason = 'nameBirthday' and a.nk = s.key join k b on b.nk = s.key and a.id < b.id
        ), g as (
          select a_id, b_id, array_agg(reason order by reason) as reasons from p group by a_id, b_id
        )
        select g.a_id, g.b_id, g.reasons, count(*) over ()::int as total
          from g
          join users ua on ua.id = g.a_id
          join users ub on ub.id = g.b_id
         order by cardinality(g.reasons) desc, greatest(ua.created_at, ub.created_at) desc, g.a_id, g.b_id
         limit ${limit}`,
  );
  return { pairs, total: pairs[0]?.total ?? 0 };
}
