import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHANNEL_CONSENT, CHANNEL_LABELS, CHANNEL_TEXTS, WHATSAPP_WINDOW_MS, type Channel } from '@church/contract/channels';
import { CONSENT_KINDS } from '@church/contract/consents';
import type { Db, DbOrTx } from '../../db/client';
import {
  channelDeliveries,
  channelOptOuts,
  pushSubscriptions,
  whatsappConversations,
  whatsappTemplates,
  type ChannelDeliveryRow,
} from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { consentGranted } from '../consents/service';
import type { ChannelProvider, OutboundMessage, SendOutcome } from './channel';
import { renderBrandedEmail, type Branding } from './providers/branded-email';
import type { Providers } from './providers';

export const DELIVER_JOB = 'channels.deliver';
/** Deliveries per job: one claim, one update per outcome, up to PARALLEL provider calls at a time. */
export const DELIVER_BATCH = 50;
const PARALLEL = 10;
/** A provider that is down is tried again this many times, 30 s, 1, 2 and 4 minutes apart (then the SMS fallback, then failed). */
export const MAX_ATTEMPTS = 5;
const retryDelaySeconds = (attempt: number) => 30 * 2 ** (attempt - 1);

type Claimed = ChannelDeliveryRow & { consent: boolean; optedOut: boolean };
type Outcome =
  | { id: string; kind: 'sent'; provider: string; providerMessageId: string; units: number; segments: number | null }
  | { id: string; kind: 'failed' | 'skipped'; reason: string; optOut?: { channel: string; address: string } }
  | { id: string; kind: 'retry'; reason: string; attempts: number };

/**
 * Sends queued deliveries (channel_deliveries) through their channel's
 * provider, as jobs on the queue. Each job claims its rows (queued → sending)
 * in one statement, so two workers or a job run twice never send one row
 * twice; consent and the opt-out list are read in that same statement, at
 * the moment of sending. A provider that is down (5xx, timeout) gets the row
 * queued again with back-off on a new job; after the last attempt an SMS
 * goes through the fallback provider if there is one, else it fails with the
 * reason. A row found still "sending" (its worker died mid-call) is not sent
 * again: whether the provider took it cannot be known, and twice is worse.
 */
export function createDelivery(d: {
  db: Db;
  jobs: JobQueue;
  providers: Providers;
  log: { error(o: object, m?: string): void };
  /** The church's e-mail look (settings and Settings → Channels), read when a mail is sent. */
  branding: () => Promise<Branding>;
  /** Where a member turns church e-mail off (their preferences). */
  preferencesUrl: string;
}) {
  const job = d.jobs.define(DELIVER_JOB, z.object({ ids: z.array(z.uuid()).min(1).max(200) }), async ({ ids }) => run(ids), {
    retryLimit: 2,
    retryDelaySeconds: 30,
    concurrency: 4,
    expireInSeconds: 5 * 60,
  });

  /** Queues jobs for these deliveries (in the caller's transaction), DELIVER_BATCH to a job. */
  async function enqueue(tx: DbOrTx, ids: string[], startAfter?: Date) {
    const batches: { ids: string[] }[] = [];
    for (let i = 0; i < ids.length; i += DELIVER_BATCH) batches.push({ ids: ids.slice(i, i + DELIVER_BATCH) });
    if (!batches.length) return;
    if (startAfter) for (const b of batches) await job.send(b, { tx, startAfter });
    else await job.sendMany(batches, { tx });
  }

  async function claim(ids: string[]): Promise<Claimed[]> {
    const c = channelDeliveries;
    const consent = sql<boolean>`case ${c.channel} ${sql.join(
      (Object.keys(CHANNEL_CONSENT) as Channel[]).map((ch) => sql`when ${ch} then ${consentGranted(CHANNEL_CONSENT[ch], c.userId)}`),
      sql` `,
    )} else false end`;
    const rows = await d.db
      .update(c)
      .set({ state: 'sending', attempts: sql`${c.attempts} + 1`, updatedAt: new Date() })
      .where(and(inArray(c.id, ids), eq(c.state, 'queued'), sql`(${c.notBefore} is null or ${c.notBefore} <= now())`))
      .returning();
    if (!rows.length) return [];
    // Read in one statement after the claim: consent (a null user is a test to an address someone typed for themselves).
    const facts = await d.db
      .select({
        id: c.id,
        consent: sql<boolean>`case when ${c.userId} is null then true else ${consent} end`.mapWith(Boolean),
        // Qualified by hand: inside the subquery a bare "channel" would be the opt-out's own column.
        optedOut:
          sql<boolean>`exists(select 1 from ${channelOptOuts} o where o.channel = channel_deliveries.channel and o.address = channel_deliveries.address)`.mapWith(
            Boolean,
          ),
      })
      .from(c)
      .where(
        inArray(
          c.id,
          rows.map((r) => r.id),
        ),
      );
    const by = new Map(facts.map((f) => [f.id, f]));
    return rows.map((r) => ({ ...r, consent: by.get(r.id)!.consent, optedOut: by.get(r.id)!.optedOut }));
  }

  async function attempt(row: Claimed): Promise<Outcome> {
    const channel = row.channel as Channel;
    if (!row.consent)
      return { id: row.id, kind: 'skipped', reason: CHANNEL_TEXTS.noConsent(CONSENT_KINDS[CHANNEL_CONSENT[channel]].label.toLowerCase()) };
    if (row.optedOut) return { id: row.id, kind: 'skipped', reason: CHANNEL_TEXTS.optedOut };
    const provider = await d.providers.forChannel(channel);
    if (!provider)
      return { id: row.id, kind: 'failed', reason: channel === 'whatsapp' ? CHANNEL_TEXTS.whatsappNotSetUp : CHANNEL_TEXTS.smsNotSetUp };
    let to = row.address;
    if (channel === 'whatsapp') {
      const refused = await whatsappRefusal(row);
      if (refused) return { id: row.id, kind: 'failed', reason: refused };
    }
    if (channel === 'push') {
      const [s] = await d.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.address));
      if (!s) return { id: row.id, kind: 'failed', reason: CHANNEL_TEXTS.noPush };
      to = JSON.stringify({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } });
    }
    const message: OutboundMessage = { deliveryId: row.id, to, text: row.body, subject: row.subject, template: row.template ?? undefined };
    if (channel === 'email') {
      const parts = await renderBrandedEmail(await d.branding(), {
        subject: row.subject,
        text: row.body,
        unsubscribeUrl: d.preferencesUrl,
      });
      Object.assign(message, parts);
    }
    let used: ChannelProvider = provider;
    let outcome: SendOutcome = await provider.send(message);
    if (!outcome.ok && outcome.retryable && channel === 'sms' && row.attempts >= MAX_ATTEMPTS) {
      // The last try on the first provider failed: the fallback (e.g. Twilio) gets the message once.
      const fallback = await d.providers.smsFallback();
      if (fallback) {
        used = fallback;
        outcome = await fallback.send(message);
      }
    }
    if (outcome.ok) {
      const cost = used.cost({ text: row.body, template: row.template ?? undefined, category: row.template?.category });
      return {
        id: row.id,
        kind: 'sent',
        provider: used.name,
        providerMessageId: outcome.providerMessageId,
        units: cost.units,
        segments: cost.segments,
      };
    }
    if (outcome.retryable && row.attempts < MAX_ATTEMPTS)
      return { id: row.id, kind: 'retry', reason: outcome.reason, attempts: row.attempts };
    return {
      id: row.id,
      kind: 'failed',
      reason: outcome.reason,
      ...(outcome.optedOut ? { optOut: { channel: channel === 'push' ? 'push' : channel, address: row.address } } : {}),
    };
  }

  /** Meta's rules, checked before asking Meta: an approved template, or free text inside the 24-hour window. */
  async function whatsappRefusal(row: ChannelDeliveryRow): Promise<string | null> {
    if (row.template) {
      const [t] = await d.db
        .select({ status: whatsappTemplates.status })
        .from(whatsappTemplates)
        .where(and(eq(whatsappTemplates.name, row.template.name), eq(whatsappTemplates.language, row.template.language)));
      return t?.status === 'approved' ? null : CHANNEL_TEXTS.templateNotApproved;
    }
    const [w] = await d.db.select().from(whatsappConversations).where(eq(whatsappConversations.address, row.address));
    return w && w.lastInboundAt.getTime() > Date.now() - WHATSAPP_WINDOW_MS ? null : CHANNEL_TEXTS.outsideWindow;
  }

  async function run(ids: string[]) {
    const rows = await claim(ids);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < rows.length; i += PARALLEL) {
      const slice = rows.slice(i, i + PARALLEL);
      outcomes.push(
        ...(await Promise.all(
          slice.map((r) =>
            attempt(r).catch((err: Error): Outcome => {
              d.log.error({ err, deliveryId: r.id }, 'channel delivery failed unexpectedly');
              return { id: r.id, kind: 'retry', reason: 'The server could not send it; trying again', attempts: r.attempts };
            }),
          ),
        )),
      );
    }
    await record(outcomes);
    return { claimed: rows.length, sent: outcomes.filter((o) => o.kind === 'sent').length };
  }

  /** The outcomes of a batch, a few statements whatever its size; retries get their job in the same transaction. */
  async function record(outcomes: Outcome[]) {
    if (!outcomes.length) return;
    const c = channelDeliveries;
    await d.db.transaction(async (tx) => {
      const sent = outcomes.filter((o): o is Extract<Outcome, { kind: 'sent' }> => o.kind === 'sent');
      if (sent.length)
        await tx.execute(sql`
          update ${c} set state = 'sent', provider = v.provider, provider_message_id = v.pid, cost_units = v.units, segments = v.segments,
            reason = null, sent_at = now(), updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(sent.map((s) => ({ id: s.id, provider: s.provider, pid: s.providerMessageId, units: s.units, segments: s.segments })))}::jsonb)
            as v(id uuid, provider text, pid text, units int, segments int)
          where ${c.id} = v.id and ${c.state} = 'sending'`);
      for (const kind of ['failed', 'skipped'] as const) {
        const done = outcomes.filter((o): o is Extract<Outcome, { kind: 'failed' | 'skipped' }> => o.kind === kind);
        if (done.length)
          await tx.execute(sql`
            update ${c} set state = ${kind}, reason = v.reason, failed_at = case when ${kind} = 'failed' then now() else null end, updated_at = now()
            from jsonb_to_recordset(${JSON.stringify(done.map((o) => ({ id: o.id, reason: o.reason })))}::jsonb) as v(id uuid, reason text)
            where ${c.id} = v.id and ${c.state} = 'sending'`);
        const gone = done.flatMap((o) => (o.optOut?.channel === 'push' ? [o.optOut.address] : []));
        // A device the push service no longer knows: its subscription goes (the member can turn notifications on again).
        if (gone.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
        const optOuts = done.flatMap((o) => (o.optOut && o.optOut.channel !== 'push' ? [o.optOut] : []));
        if (optOuts.length)
          await tx
            .insert(channelOptOuts)
            .values(optOuts.map((o) => ({ ...o, source: 'provider_list' })))
            .onConflictDoNothing();
      }
      const retries = outcomes.filter((o): o is Extract<Outcome, { kind: 'retry' }> => o.kind === 'retry');
      if (retries.length) {
        await tx.execute(sql`
          update ${c} set state = 'queued', reason = 'Retrying: ' || v.reason, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(retries.map((o) => ({ id: o.id, reason: o.reason })))}::jsonb) as v(id uuid, reason text)
          where ${c.id} = v.id and ${c.state} = 'sending'`);
        // One job per attempt count: those waiting equally long go together.
        const byAttempt = new Map<number, string[]>();
        for (const r of retries) byAttempt.set(r.attempts, [...(byAttempt.get(r.attempts) ?? []), r.id]);
        for (const [n, ids] of byAttempt) await enqueue(tx, ids, new Date(Date.now() + retryDelaySeconds(n) * 1000));
      }
    });
  }

  return { job, enqueue, run, label: (c: Channel) => CHANNEL_LABELS[c] };
}
export type Delivery = ReturnType<typeof createDelivery>;
