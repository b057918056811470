import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FREQUENCY_LABELS } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';
import { isUniqueViolation, type Db, type Tx } from '../../db/client';
import {
  donationEvents,
  donations,
  givingSubscriptions,
  paymentNotifications,
  type DonationRow,
  type UserRow,
} from '../../db/schema/index';
import { badGateway } from './errors';
import { notFound } from '../../lib/errors';
import { createNotifications } from '../notifications/repository';
import type { PaymentProvider, ProviderNotification } from './payment-provider';

type Outcome = { accepted: boolean; reason: string };

/** The donor's "donation received" note, sent when the money has really arrived. */
export async function notifyReceived(tx: Tx, row: DonationRow) {
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
export function createPaymentsService(d: { db: Db; provider: PaymentProvider; log: FastifyBaseLogger }) {
  async function record(
    n: { ip: string; reference?: string; paymentId?: string; fields: Record<string, string> },
    outcome: string,
    reason: string,
  ) {
    await d.db.insert(paymentNotifications).values({
      provider: d.provider.name,
      sourceIp: n.ip,
      reference: n.reference?.slice(0, 100) ?? null,
      providerPaymentId: n.paymentId?.slice(0, 100) ?? null,
      outcome,
      reason,
      payload: n.fields,
    });
    const line = { provider: d.provider.name, ip: n.ip, reference: n.reference, outcome, reason };
    if (outcome === 'refused') d.log.warn(line, 'payment notification refused');
    else d.log.info(line, 'payment notification');
  }

  async function apply(n: ProviderNotification, donation: DonationRow): Promise<Outcome> {
    return d.db.transaction(async (tx) => {
      const sub = donation.subscriptionId
        ? (await tx.select().from(givingSubscriptions).where(eq(givingSubscriptions.id, donation.subscriptionId)).for('update'))[0]
        : undefined;
      const firstPaymentDone = !!donation.providerPaymentId;
      if (n.status === 'cancelled') {
        if (sub)
          await tx
            .update(givingSubscriptions)
            .set({ status: 'cancelled', cancelledAt: new Date() })
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
        if (n.status !== 'complete') return { accepted: true, reason: 'recurring charge failed' };
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
            provider: d.provider.name,
            providerPaymentId: n.providerPaymentId,
            subscriptionId: sub.id,
            completedAt: new Date(),
          })
          .returning();
        await tx
          .insert(donationEvents)
          .values({ donationId: row!.id, kind: 'completed', reason: `Recurring charge ${n.providerPaymentId}` });
        await notifyReceived(tx, row!);
        return { accepted: true, reason: 'recurring charge recorded' };
      }
      const status = n.status === 'complete' ? 'completed' : 'failed';
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
        reason: `PayFast payment ${n.providerPaymentId}`,
        before: { status: donation.status },
        after: { status },
      });
      if (status === 'completed') {
        if (sub)
          await tx
            .update(givingSubscriptions)
            .set({ status: 'active', token: n.token, updatedAt: new Date() })
            .where(eq(givingSubscriptions.id, sub.id));
        await notifyReceived(tx, row);
      }
      return { accepted: true, reason: status };
    });
  }

  return {
    /** Returns true when the notification was accepted (or was a harmless replay). */
    async handleNotification(rawBody: string, ip: string): Promise<{ ok: boolean; reason: string }> {
      const v = d.provider.verifyNotification(rawBody, ip);
      if (!v.ok) {
        await record({ ip, reference: v.fields.m_payment_id, paymentId: v.fields.pf_payment_id, fields: v.fields }, 'refused', v.reason);
        return { ok: false, reason: v.reason };
      }
      const n = v.notification;
      const meta = { ip, reference: n.reference, paymentId: n.providerPaymentId, fields: n.fields };
      const [seen] = await d.db
        .select({ id: donations.id })
        .from(donations)
        .where(and(eq(donations.provider, d.provider.name), eq(donations.providerPaymentId, n.providerPaymentId)));
      if (seen) {
        await record(meta, 'duplicate', 'payment already recorded; nothing changed');
        return { ok: true, reason: 'duplicate' };
      }
      const [donation] = await d.db.select().from(donations).where(eq(donations.reference, n.reference));
      if (!donation || donation.provider !== d.provider.name) {
        await record(meta, 'refused', 'unknown reference');
        return { ok: false, reason: 'unknown reference' };
      }
      let expected = donation.amountCents;
      if (donation.providerPaymentId && donation.subscriptionId) {
        const [sub] = await d.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.id, donation.subscriptionId));
        expected = sub?.amountCents ?? expected;
      }
      if (n.status === 'complete' && n.amountCents !== expected) {
        await record(meta, 'refused', `amount ${n.amountCents} cents does not match ${expected} cents`);
        return { ok: false, reason: 'amount does not match' };
      }
      let confirmed: boolean;
      try {
        confirmed = await d.provider.confirmNotification(rawBody);
      } catch (err) {
        await record(meta, 'refused', `confirmation call failed: ${(err as Error).message}`);
        throw badGateway('Could not confirm the payment with the provider; it will retry');
      }
      if (!confirmed) {
        await record(meta, 'refused', 'provider did not confirm the notification');
        return { ok: false, reason: 'not confirmed' };
      }
      try {
        const outcome = await apply(n, donation);
        await record(meta, outcome.accepted ? 'accepted' : 'refused', outcome.reason);
        return { ok: outcome.accepted, reason: outcome.reason };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await record(meta, 'duplicate', 'payment already recorded (concurrent replay); nothing changed');
        return { ok: true, reason: 'duplicate' };
      }
    },

    listSubscriptions: (userId: string) =>
      d.db.select().from(givingSubscriptions).where(eq(givingSubscriptions.userId, userId)).orderBy(desc(givingSubscriptions.createdAt)),

    /** Cancels at the provider first, then here: no further charge will be accepted. */
    async cancelSubscription(user: UserRow, id: string) {
      const [sub] = await d.db
        .select()
        .from(givingSubscriptions)
        .where(and(eq(givingSubscriptions.id, id), eq(givingSubscriptions.userId, user.id)));
      if (!sub) throw notFound('No recurring gift with that id');
      if (sub.status === 'cancelled') return sub;
      if (sub.token) {
        try {
          await d.provider.cancelSubscription(sub.token);
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
