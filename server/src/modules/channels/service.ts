import { desc, eq } from 'drizzle-orm';
import { CHANNEL_TEXTS, type Channel } from '@church/contract/channels';
import { reachablePhone } from '@church/contract/rules/sms-reach';
import type { Db, DbOrTx } from '../../db/client';
import { channelDeliveries, pushSubscriptions, users, type UserRow } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { Delivery } from './deliver';
import type { Branding } from './providers/branded-email';
import { quietUntil } from './quiet-hours';
import type { ChannelSettingsService } from './settings';

export interface DeliveryInput {
  source: 'bulk' | 'notification' | 'test';
  messageId?: string | null;
  kind?: string | null;
  userId: string | null;
  name: string;
  channel: Channel;
  address: string;
  subject: string;
  body: string;
  template?: { name: string; language: string; category: string; variables: string[] } | null;
}

/** Where a person can be reached on a channel, or why not (the reason a leader reads in the delivery list). */
export async function addressOf(
  db: DbOrTx,
  person: Pick<UserRow, 'id' | 'email' | 'phone'>,
  channel: Channel,
): Promise<{ address: string } | { reason: string }> {
  if (channel === 'email') return person.email ? { address: person.email } : { reason: CHANNEL_TEXTS.noEmail };
  if (channel === 'push') {
    const [s] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.id))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(1);
    return s ? { address: s.id } : { reason: CHANNEL_TEXTS.noPush };
  }
  const phone = reachablePhone(person.phone);
  if (!phone) return { reason: CHANNEL_TEXTS.noPhone };
  if (channel === 'sms' && !phone.mobile) return { reason: CHANNEL_TEXTS.badPhone };
  return { address: phone.e164 };
}

/**
 * Messages on the channels: rows in channel_deliveries and their jobs,
 * written in the caller's transaction. SMS, WhatsApp and app notifications
 * that would arrive in quiet hours wait until they end; e-mail goes at once,
 * in the church's branded template with its plain-text part.
 */
export function createChannelsService(d: {
  db: Db;
  delivery: Delivery;
  settings: ChannelSettingsService;
  timeZone: () => Promise<string>;
  branding: () => Promise<Omit<Branding, 'colour' | 'footer'>>;
}) {
  async function branding(): Promise<Branding> {
    const r = await d.settings.row();
    return { ...(await d.branding()), colour: r.brandColour, footer: r.emailFooter };
  }

  /**
   * Until when quiet hours hold a message sent now (null: not quiet). Read before the transaction
   * that queues: on the embedded database a transaction holds the one connection.
   */
  async function quietNow(now = new Date()) {
    const r = await d.settings.row();
    return quietUntil(now, r.quietStart, r.quietEnd, await d.timeZone());
  }

  /** Queues deliveries (in `tx`), jobs included; returns their ids in order. `until`: quietNow()'s answer. */
  async function queue(tx: DbOrTx, items: DeliveryInput[], until: Date | null) {
    if (!items.length) return [];
    const values = items.map((i) => {
      const held = i.channel !== 'email' ? until : null;
      return { ...i, provider: providerHint(i.channel), notBefore: held, reason: held ? CHANNEL_TEXTS.quietHours : null };
    });
    const rows = await tx
      .insert(channelDeliveries)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: channelDeliveries.id, notBefore: channelDeliveries.notBefore });
    const now_ = rows.filter((x) => !x.notBefore).map((x) => x.id);
    const later = rows.filter((x) => x.notBefore);
    await d.delivery.enqueue(tx, now_);
    if (later.length)
      await d.delivery.enqueue(
        tx,
        later.map((x) => x.id),
        later[0]!.notBefore!,
      );
    return rows.map((x) => x.id);
  }

  return {
    queue,
    quietNow,
    branding,

    /** A message to oneself on one channel, to see it as members will. */
    async testSend(actorId: string, input: { channel: Channel; subject: string; message: string }) {
      const [me] = await d.db.select().from(users).where(eq(users.id, actorId));
      if (!me) throw badRequest('Your account was not found');
      const where = await addressOf(d.db, me, input.channel);
      if ('reason' in where) throw badRequest(where.reason);
      const until = await quietNow();
      const [id] = await d.db.transaction((tx) =>
        queue(
          tx,
          [
            {
              source: 'test',
              userId: me.id,
              name: me.name,
              channel: input.channel,
              address: where.address,
              subject: input.subject,
              body: input.message,
            },
          ],
          until,
        ),
      );
      return id!;
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;

/** Until a provider takes it, a delivery names the kind of provider it waits for. */
const providerHint = (c: Channel) => (c === 'email' ? 'smtp' : c === 'push' ? 'webpush' : c === 'whatsapp' ? 'whatsapp' : 'sms');
