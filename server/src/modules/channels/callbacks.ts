import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ConsentKind } from '@church/contract/consents';
import type { Db } from '../../db/client';
import { channelCallbacks, channelDeliveries, channelOptOuts, users, whatsappConversations } from '../../db/schema/index';
import type { ConsentService } from '../consents/service';
import type { InboundMessage, StatusUpdate } from './channel';

/** Replies that mean "no more messages" (the words South African networks and WASPA's code honour), and the way back. */
const STOP = new Set(['stop', 'stopall', 'stop all', 'unsubscribe', 'cancel', 'end', 'quit', 'optout', 'opt out']);
const START = new Set(['start', 'unstop', 'subscribe']);
/** The reply as one keyword: trimmed, lower case, one trailing '.' or '!' dropped (code, not a pattern: linear). */
export function replyKeyword(text: string): string {
  let s = text.trim().toLowerCase();
  if (s.endsWith('.') || s.endsWith('!')) s = s.slice(0, -1).trimEnd();
  return s;
}

/**
 * What a verified callback changes. A status moves a delivery forward only
 * (sent → delivered → read; failed from any state before it), found by the
 * provider's message id; each report is applied once (channel_callbacks keeps
 * the provider's own key), so a replayed callback changes nothing. A STOP
 * reply puts the number on the opt-out list and records the member's
 * withdrawal on the consent ledger; a WhatsApp message opens the 24-hour window.
 */
export function createCallbackHandler(d: { db: Db; consents: ConsentService }) {
  async function fresh(provider: string, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await d.db
      .insert(channelCallbacks)
      .values(keys.map((eventKey) => ({ provider, eventKey })))
      .onConflictDoNothing()
      .returning({ key: channelCallbacks.eventKey });
    return new Set(rows.map((r) => r.key));
  }

  async function statuses(provider: string, list: StatusUpdate[]) {
    const isNew = await fresh(
      provider,
      list.map((s) => s.eventKey),
    );
    let apply = list.filter((s) => isNew.has(s.eventKey));
    if (!apply.length) return { updated: 0, early: 0 };
    const c = channelDeliveries;
    const channel = provider === 'whatsapp' ? 'whatsapp' : 'sms';
    // A report can arrive before our send has recorded the provider's message id (a fast network, a busy
    // server). It is not lost: it is forgotten as seen and refused with 503, and the provider sends it again.
    const known = new Set(
      (
        await d.db
          .select({ pid: c.providerMessageId })
          .from(c)
          .where(and(eq(c.channel, channel), inArray(c.providerMessageId, [...new Set(apply.map((s) => s.providerMessageId))])))
      ).map((r) => r.pid),
    );
    const early = apply.filter((s) => !known.has(s.providerMessageId));
    if (early.length) {
      await d.db
        .delete(channelCallbacks)
        .where(and(eq(channelCallbacks.provider, provider), inArray(channelCallbacks.eventKey, early.map((s) => s.eventKey))));
      apply = apply.filter((s) => known.has(s.providerMessageId));
      if (!apply.length) return { updated: 0, early: early.length };
    }
    // A provider (WhatsApp) may say sent, delivered and read in one call: the furthest wins, never backwards.
    const res = await d.db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(apply.map((s) => ({ pid: s.providerMessageId, state: s.state, reason: s.reason ?? null })))}::jsonb)
          as v(pid text, state text, reason text)
      ), ranked as (
        select distinct on (pid) pid, state, reason from v
        order by pid, case state when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end desc
      )
      update ${c} set state = ranked.state, reason = coalesce(ranked.reason, ${c.reason}),
        delivered_at = case when ranked.state in ('delivered', 'read') then coalesce(${c.deliveredAt}, now()) else ${c.deliveredAt} end,
        read_at = case when ranked.state = 'read' then now() else ${c.readAt} end,
        failed_at = case when ranked.state = 'failed' then now() else ${c.failedAt} end,
        updated_at = now()
      from ranked
      where ${c.providerMessageId} = ranked.pid and ${c.channel} = ${channel}
        and (case ${c.state} when 'queued' then 0 when 'sending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end)
          < (case ranked.state when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end)
      returning ${c.id}`);
    return { updated: (res as unknown as { rows: unknown[] }).rows.length, early: early.length };
  }

  /** The members whose mobile number this is, however they typed it (082 555 1234 or +27 82 555 1234). */
  async function membersWithNumber(e164: string) {
    const digits = e164.replace(/^\+/, '');
    const local = digits.startsWith('27') ? `0${digits.slice(2)}` : digits;
    return d.db
      .select({ id: users.id })
      .from(users)
      .where(or(inArray(users.phoneDigits, [digits, local])));
  }

  async function inbound(provider: string, list: InboundMessage[]) {
    const isNew = await fresh(
      provider,
      list.map((m) => `in:${m.eventKey}`),
    );
    const channel = provider === 'whatsapp' ? 'whatsapp' : 'sms';
    const kind: ConsentKind = channel === 'whatsapp' ? 'whatsapp_church' : 'sms_church';
    let stops = 0;
    for (const m of list.filter((x) => isNew.has(`in:${x.eventKey}`))) {
      if (channel === 'whatsapp')
        await d.db
          .insert(whatsappConversations)
          .values({ address: m.from, lastInboundAt: new Date() })
          .onConflictDoUpdate({ target: whatsappConversations.address, set: { lastInboundAt: new Date() } });
      if (STOP.has(replyKeyword(m.text))) {
        stops++;
        // Looked up first: on the embedded database the transaction holds the one connection.
        const members = await membersWithNumber(m.from);
        await d.db.transaction(async (tx) => {
          await tx.insert(channelOptOuts).values({ channel, address: m.from, source: 'reply' }).onConflictDoNothing();
          for (const u of members)
            await d.consents.set(u.id, [{ kind, granted: false }], { source: channel === 'whatsapp' ? 'whatsapp_reply' : 'sms_reply' }, tx);
        });
      } else if (START.has(replyKeyword(m.text))) {
        // Back on the list of numbers we may write to; the consent ledger waits for the member's own yes.
        await d.db.delete(channelOptOuts).where(and(eq(channelOptOuts.channel, channel), eq(channelOptOuts.address, m.from)));
      }
    }
    return stops;
  }

  return {
    async apply(provider: string, r: { statuses: StatusUpdate[]; inbound: InboundMessage[] }) {
      const { updated, early } = await statuses(provider, r.statuses);
      const stops = await inbound(provider, r.inbound);
      return { updated, early, stops };
    },
  };
}
