import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Channel, type DeliveryState, type deliveriesQuery } from '@church/contract/channels';
import { maskPhone } from '@church/contract/rules/sms-reach';
import { unitsToCents } from '@church/contract/rules/sms-segments';
import type { Db } from '../../db/client';
import { channelDeliveries, emailOutbox } from '../../db/schema/index';

/**
 * An e-mail's state is its outbox row's (the mail job sends, retries and
 * records SMTP's answer there): one truth per mail. Every other channel's
 * is the delivery row's, moved on by the provider's callbacks.
 */
const state = sql<DeliveryState>`case
  when ${channelDeliveries.channel} = 'email' and ${channelDeliveries.state} = 'sent' then
    case when ${emailOutbox.sentAt} is not null then 'sent' when ${emailOutbox.skippedAt} is not null then 'skipped'
         when ${emailOutbox.failedAt} is not null then 'failed' else 'queued' end
  when ${channelDeliveries.state} = 'sending' then 'queued'
  else ${channelDeliveries.state} end`;
const reason = sql<string | null>`case when ${channelDeliveries.channel} = 'email' and ${channelDeliveries.state} = 'sent'
  then coalesce(${emailOutbox.skipReason}, ${emailOutbox.error}) else ${channelDeliveries.reason} end`;

const mask = (channel: string, address: string) =>
  channel === 'sms' || channel === 'whatsapp'
    ? maskPhone(address)
    : channel === 'email'
      ? `•••@${address.split('@')[1] ?? ''}`
      : 'This device';

export async function listDeliveries(db: Db, q: z.output<typeof deliveriesQuery>) {
  const c = channelDeliveries;
  const where: SQL | undefined = and(
    q.messageId ? eq(c.messageId, q.messageId) : undefined,
    q.source ? eq(c.source, q.source) : undefined,
    q.channel ? eq(c.channel, q.channel) : undefined,
  );
  const joined = () =>
    db
      .select({ row: c, state, reason })
      .from(c)
      .leftJoin(emailOutbox, sql`${emailOutbox.id}::text = ${c.providerMessageId}`);
  const filtered = q.state ? and(where, sql`${state} = ${q.state}`) : where;
  const [rows, summary] = await Promise.all([
    joined()
      .where(filtered)
      .orderBy(desc(c.updatedAt), c.id)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({
        channel: c.channel,
        state,
        count: sql<number>`count(*)::int`,
        units: sql<number>`coalesce(sum(${c.costUnits}), 0)::bigint`.mapWith(Number),
      })
      .from(c)
      .leftJoin(emailOutbox, sql`${emailOutbox.id}::text = ${c.providerMessageId}`)
      .where(where)
      .groupBy(c.channel, state),
  ]);
  const total = summary.filter((s) => !q.state || s.state === q.state).reduce((a, s) => a + s.count, 0);
  return {
    deliveries: rows.map(({ row, state: st, reason: why }) => ({
      _id: row.id,
      id: row.id,
      name: row.name,
      channel: row.channel as Channel,
      provider: row.provider,
      address: mask(row.channel, row.address),
      state: st,
      reason: why,
      segments: row.segments,
      costCents: unitsToCents(row.costUnits),
      attempts: row.attempts,
      updatedAt: row.updatedAt.toISOString(),
    })),
    page: q.page,
    limit: q.limit,
    total,
    summary: summary.map((s) => ({ channel: s.channel as Channel, state: s.state, count: s.count, costCents: unitsToCents(s.units) })),
  };
}
