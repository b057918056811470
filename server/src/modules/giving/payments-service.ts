import { noEvents, type EmitEvent } from '../../events/domain-events';
import { donationObject } from '../../events/objects';
import type { SessionUser } from '../../plugins/auth';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FREQUENCY_LABELS } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';
import { isUniqueViolation, type Db, type Tx } from '../../db/client';
import { donationEvents, donations, givingSubscriptions, paymentNotifications, type DonationRow } from '../../db/schema/index';
import { badGateway } from './errors';
import { conflict, notFound } from '../../lib/errors';
import { createNotifications } from '../notifications/repository';
import type { PaymentProvider, ProviderNotification } from './payment-provider';

type Outcome = { accepted: boolean; reason: string };

/** The donor's "donation received" note, sent when the money has really arrived. */
/** A gift arrived: its giver hears about it and donation.received is recorded, in the same transaction. */
export async function notifyReceived(tx: Tx, row: DonationRow, emit: EmitEvent = noEvents) {
  await emit(tx, 'donation.received', { object: donationObject(row) });
  if (!row.userId) return;
  const recurring = row.frequency === 'one-time' ? '' : ` ${FREQUENCY_LABELS[row.frequency as 'weekly'].toLowerCase()}`;
  await createNotifications(tx, [
    {
      userId: row.userId,
      type: 'giving',
      title: 'Donation received',
      message: `Thank you! We received your${recurring} donation of ${formatRand(row.amountCents / 100)}.`,
      link: '/mobile/giving',
    },
  ]);
}

/**
 * A provider notification changes a donation only after every documented
 * check passed: signature and source (provider), a known reference, the
 * exact amount, and the provider's own confirmation call. A replay (same
 * provider payment id) or a forgery changes nothing; each is logged.
 */
export function createPaymentsService(d: {
  db: Db;
  /** The provider in use now (environment or settings); null when card payments are not set up. */
  provider: () => Promise<PaymentProvider | null>;
  log: FastifyBaseLogger;
  emit?: EmitEvent;
}) {
  async function record(
    provider: PaymentProvider,
    n: { ip: string; reference?: string; paymentId?: string; fields: Record<string, string> },
    outcome: string,
    reason: string,
  ) {
    await d.db.insert(paymentNotifications).values({
      provider: provider.name,
      sourceIp: n.ip,
      reference: n.reference?.slice(0, 100) ?? null,
      providerPaymentId: n.paymentId?.slice(0, 100) ?? null,
      outcome,
      reason,
      payload: n.fields,
    });
    const line = { provider: provider.name, ip: n.ip, reference: n.reference, outcome, reason };
    if (outcome === 'refused') d.log.warn(line, 'payment notification refused');
    else d.log.info(line, 'payment notification');
  }

  async function apply(provider: PaymentProvider, n: ProviderNotification, donation: DonationRow): Promise<Outcome> {
    return d.db.transaction(async (tx) => {
      const sub = donation.subscriptionId
        ? (await tx.select().from(givingSubscriptions).where(eq(givingSubscriptions.id, donation.subscriptionId)).for('update'))[0]
        : undefined;
      const firstPaymentDone = !!donation.providerPaymentId;
      if (n.status === 'cancelled') {
        // The provider ended the subscription (the member cancelled with PayFast, or the card lapsed): no further charge is accepted.
        if (sub && sub.status !== 'cancelled')
          await tx
            .update(givingSubscriptions)
            .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
            .where(eq(givingSubscriptions.id, sub.id));
        if (!firstPaymentDone && donation.status === 'pending') {
          await tx.update(donations).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(donations.id, donation.id));
          await tx
            .insert(donationEvents)
            .values({ donationId: donation.id, kind: 'cancelled', reason: 'The provider reported it cancelled' });
        }
        return { accepted: true, reason: 'cancelled' };
      }
      if (firstPaymentDone) {
        // A later charge of a subscription: a new completed gift, only while the subscription lives.
        if (!sub || sub.status === 'cancelled' || (sub.token && sub.token !== n.token))
          return { accepted: false, reason: 'subscription is cancelled or unknown' };
        if (n.status !== 'complete') {
          // A charge that did not go through is kept as a failed gift (counted nowhere), and the giver hears about it.
          const [failed] = await tx
            .insert(donations)
            .values({
              userId: donation.userId,
              donorName: donation.donorName,
              amountCents: n.amountCents || sub.amountCents,
              paymentMethod: 'card',
              frequency: donation.frequency,
              fund: sub.fund,
              status: 'failed',
              provider: provider.name,
              providerPaymentId: n.providerPaymentId,
              subscriptionId: sub.id,
            })
            .returning();
          await tx
            .insert(donationEvents)
            .values({ donationId: failed!.id, kind: 'failed', reason: `Recurring charge ${n.providerPaymentId} failed` });
          if (donation.userId) {
            await createNotifications(tx, [
              {
                userId: donation.userId,
                type: 'giving',
                title: 'Donation not collected',
                message: `Your ${FREQUENCY_LABELS[donation.frequency as 'weekly'].toLowerCase()} donation of ${formatRand(sub.amountCents / 100)} could not be collected. No money was taken; please check your card with PayFast.`,
                link: '/mobile/giving',
              },
            ]);
          }
          return { accepted: true, reason: 'recurring charge failed' };
        }
        const [row] = await tx
          .insert(donations)
          .values({
            userId: donation.userId,
            donorName: donation.donorName,
            amountCents: n.amountCents,
            paymentMethod: 'card',
            frequency: donation.frequency,
            fund: sub.fund,
            status: 'completed',
            provider: provider.name,
            providerPaymentId: n.providerPaymentId,
            subscriptionId: sub.id,
            completedAt: new Date(),
          })
          .returning();
        await tx
          .insert(donationEvents)
          .values({ donationId: row!.id, kind: 'completed', reason: `Recurring charge ${n.providerPaymentId}` });
        await notifyReceived(tx, row!, d.emit);
        return { accepted: true, reason: 'recurring charge recorded' };
      }
      const status = n.status === 'complete' ? 'completed' : 'failed';
      // Money that moved is recorded even when the checkout had expired (a notification PayFast delivered late).
      const [row] = await tx
        .update(donations)
        .set({
          status,
          providerPaymentId: n.providerPaymentId,
          completedAt: status === 'completed' ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(and(eq(donations.id, donation.id), isNull(donations.providerPaymentId)))
        .returning();
      if (!row) return { accepted: false, reason: 'already settled (replay)' };
      await tx.insert(donationEvents).values({
        donationId: row.id,
        kind: status,
        reason: `PayFast payment ${n.providerPaymentId}${status === 'failed' ? ' failed' : ''}`,
        before: { status: donation.status },
        after: { status },
      });
      if (status === 'completed') {
        if (sub)
          await tx
            .update(givingSubscriptions)
            .set({ status: 'active', token: n.token, cancelledAt: null, updatedAt: new Date() })
            .where(eq(givingSubscriptions.id, sub.id));
        await notifyReceived(tx, row, d.emit);
      } else if (sub) {
        // The first payment failed: PayFast set up no subscription, so there is nothing recurring to show.
        await tx
          .update(givingSubscriptions)
          .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
          .where(eq(givingSubscriptions.id, sub.id));
      }
      return { accepted: true, reason: status };
    });
  }

  return {
    /** Returns true when the notification was accepted (or was a harmless replay). */
    async handleNotification(rawBody: string, ip: string): Promise<{ ok: boolean; reason: string }> {
      const provider = await d.provider();
      if (!provider) {
        d.log.warn({ ip }, 'payment notification while card payments are not set up');
        return { ok: false, reason: 'card payments are not set up' };
      }
      const v = provider.verifyNotification(rawBody, ip);
      if (!v.ok) {
        await record(
          provider,
          { ip, reference: v.fields.m_payment_id, paymentId: v.fields.pf_payment_id, fields: v.fields },
          'refused',
          v.reason,
        );
        return { ok: false, reason: v.reason };
      }
      const n = v.notification;
      const meta = { ip, reference: n.reference, paymentId: n.providerPaymentId, fields: n.fields };
      const [seen] = await d.db
        .select({ id: donations.id })
        .from(donations)
        .where(and(eq(donations.provider, provider.name), eq(donations.providerPaymentId, n.providerPaymentId)));
      if (seen) {
        await record(provider, meta, 'duplicate', 'payment already recorded; nothing changed');
        return { ok: true, reason: 'duplicate' };
      }
      const [donation] = await d.db.select().from(donations).where(eq(donations.reference, n.reference));
      if (!donation || donation.provider !== provider.name) {
        await record(provider, meta, 'refused', 'unknown reference');
        return { ok: false, reason: 'unknown reference' };
      }
      let expected = donation.amountCents;
      if (donation.providerPaymentId && donation.subscriptionId) {
        const [sub] = await d.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.id, donation.subscriptionId));
        expected = sub?.amountCents ?? expected;
      }
      if (n.status === 'complete' && n.amountCents !== expected) {
        await record(provider, meta, 'refused', `amount ${n.amountCents} cents does not match ${expected} cents`);
        return { ok: false, reason: 'amount does not match' };
      }
      let confirmed: boolean;
      try {
        confirmed = await provider.confirmNotification(rawBody);
      } catch (err) {
        await record(provider, meta, 'refused', `confirmation call failed: ${(err as Error).message}`);
        throw badGateway('Could not confirm the payment with the provider; it will retry');
      }
      if (!confirmed) {
        await record(provider, meta, 'refused', 'provider did not confirm the notification');
        return { ok: false, reason: 'not confirmed' };
      }
      try {
        const outcome = await apply(provider, n, donation);
        await record(provider, meta, outcome.accepted ? 'accepted' : 'refused', outcome.reason);
        return { ok: outcome.accepted, reason: outcome.reason };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await record(provider, meta, 'duplicate', 'payment already recorded (concurrent replay); nothing changed');
        return { ok: true, reason: 'duplicate' };
      }
    },

    listSubscriptions: (userId: string) =>
      d.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.userId, userId)).orderBy(desc(givingSubscriptions.createdAt)),

    /** Cancels at the provider first, then here: no further charge will be accepted. */
    async cancelSubscription(user: SessionUser, id: string) {
      const [sub] = await d.db
        .select()
        .from(givingSubscriptions)
        .where(and(eq(givingSubscriptions.id, id), eq(givingSubscriptions.userId, user.id)));
      if (!sub) throw notFound('No recurring gift with that id');
      if (sub.status === 'cancelled') return sub;
      if (sub.token) {
        const provider = await d.provider();
        // Without the account PayFast would keep charging: say so rather than mark it cancelled here only.
        if (!provider)
          throw conflict(
            'Card payments are not set up any more, so PayFast cannot be asked to stop this gift. Please contact the church office.',
          );
        try {
          await provider.cancelSubscription(sub.token);
        } catch (err) {
          d.log.error({ err, subscription: sub.id }, 'provider cancellation failed');
          throw badGateway('PayFast could not cancel the recurring gift just now. Please try again in a few minutes.');
        }
      }
      const [row] = await d.db
        .update(givingSubscriptions)
        .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
        .where(eq(givingSubscriptions.id, sub.id))
        .returning();
      return row!;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
