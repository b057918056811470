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
                 regexp_replace(email, '\\+[^@]*@', '@') as ek,
                 case when length(phone_digits) >= 7 then regexp_replace(phone_digits, '^27', '0') end as pk,
                 case when birthday is not null then lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) || '|' || birthday::text end as nk
            from users where role <> 'developer' and erased_at is null
        ), p as (
          select a.id as a_id, b.id as b_id, 'email' as reason from k a join k b on a.ek = b.ek and a.id < b.id
          union all
          select a.id, b.id, 'phone' from k a join k b on a.pk = b.pk and a.id < b.id
          union all
          select a.id, b.id, 'nameBirthday' from k a join k b on a.nk = b.nk and a.id < b.id
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
