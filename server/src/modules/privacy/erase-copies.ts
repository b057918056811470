import { sql } from 'drizzle-orm';
import { PRIVACY_TEXTS } from '@church/contract/privacy';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema/index';

/**
 * Deleting an account (POPIA s24) de-identifies the users row and deletes the
 * rows that are the person's (policy.ts). Their details were also copied into
 * rows that are not theirs to delete — this takes them out of those:
 *  - the audit log: an edit of their record keeps before/after (their old name,
 *    e-mail, phone, address), and a summary may name them. The entries stay (what
 *    was done, when, by whom), the person's details in them become "Former member"
 *    / "(erased)";
 *  - the mail log: mail addressed to them keeps its date and kind, not the
 *    address, subject or text; mail not yet sent is not sent;
 *  - domain events: kept a month for their subscribers (events/retention.ts), their
 *    details in them replaced as in the audit log;
 *  - gift records: kept for tax law with the minimum needed (amount, date, fund,
 *    bank reference); the donor name and the note go now. Where a certificate
 *    must name them, the tax profile and the issued certificate hold it, for the
 *    retention period (retention.ts).
 * Every value they ever had is taken from the audit entries about them, not only
 * today's: a name changed last year is in last year's entry.
 */
const ERASED = '(erased)';
const FIELDS = { name: PRIVACY_TEXTS.formerMember, email: ERASED, phone: ERASED, address: ERASED } as const;

export async function eraseCopies(tx: DbOrTx, me: UserRow) {
  const run = async <T>(q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;

  // Every value of theirs the audit log holds about them, and today's.
  const values = new Map<string, string>();
  const add = (v: unknown, replacement: string) => {
    if (typeof v === 'string' && v.trim().length >= 3 && v !== PRIVACY_TEXTS.formerMember) values.set(v, replacement);
  };
  add(me.name, FIELDS.name);
  add(me.email, FIELDS.email);
  add(me.phone, FIELDS.phone);
  add(me.address, FIELDS.address);
  const past = await run<{ k: string; v: string }>(sql`
    select distinct e.key as k, e.value as v
      from audit_log a, lateral (
        select key, value from jsonb_each_text(case when jsonb_typeof(a.before) = 'object' then a.before else '{}' end)
        union all
        select key, value from jsonb_each_text(case when jsonb_typeof(a.after) = 'object' then a.after else '{}' end)
      ) e
     where a.entity_id = ${me.id} and e.key in ('name', 'email', 'phone', 'address')`);
  for (const { k, v } of past) add(v, FIELDS[k as keyof typeof FIELDS]);
  const emails = [...values.keys()].filter((v) => v.includes('@')).map((v) => v.toLowerCase());

  // Longest first: a full name goes before a part of it that is also a value.
  for (const [value, replacement] of [...values].sort((a, b) => b[0].length - a[0].length)) {
    // Inside JSON the value is escaped as JSON escapes it.
    const inJson = JSON.stringify(value).slice(1, -1);
    await tx.execute(sql`
      update audit_log set
        actor_name = replace(actor_name, ${value}, ${replacement}),
        summary = replace(summary, ${value}, ${replacement}),
        before = case when before is null then null else replace(before::text, ${inJson}, ${replacement})::jsonb end,
        after = case when after is null then null else replace(after::text, ${inJson}, ${replacement})::jsonb end
      where strpos(actor_name, ${value}) > 0 or strpos(summary, ${value}) > 0
         or strpos(coalesce(before::text, ''), ${inJson}) > 0 or strpos(coalesce(after::text, ''), ${inJson}) > 0`);
    // Domain events (events/domain-events.ts) that name them: a subscriber that has yet to run sends the replacement.
    await tx.execute(sql`
      update domain_events set data = replace(data::text, ${inJson}, ${replacement})::jsonb
      where strpos(data::text, ${inJson}) > 0`);
  }

  if (emails.length) {
    await tx.execute(sql`
      update email_outbox set
        to_address = ${`erased-${me.id}@erased.invalid`}, subject = ${ERASED}, body_text = ${ERASED}, body_html = null, headers = null, sealed_secret = null,
        skipped_at = case when sent_at is null and skipped_at is null then now() else skipped_at end,
        skip_reason = case when sent_at is null and skipped_at is null then 'The account was deleted' else skip_reason end
      where lower(to_address) in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`);
  }

  await tx.execute(sql`update donations set donor_name = ${PRIVACY_TEXTS.formerMember}, note = null where user_id = ${me.id}`);
}
