import type { z } from 'zod';
import type { SessionUser } from '../../plugins/auth';
import { and, eq } from 'drizzle-orm';
import { CARD_NOT_SET_UP, type createDonationRequest, type DonationPayment } from '@church/contract/giving';
import { randToCents } from '@church/contract/rules/money';
import { isUniqueViolation, type Db } from '../../db/client';
import { donationEvents, givingFunds, givingSubscriptions, type DonationRow } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { createGivingRepository } from './repository';
import type { PaymentProvider } from './payment-provider';
import { bankConfigured, createGivingSettingsRepository } from './settings-repository';
import { newReference } from './reference';
import { createGivingAdminRepository } from './admin-repository';
import { periodStart } from './period';

type DonationInput = z.output<typeof createDonationRequest>;

export interface GivingDeps {
  db: Db;
  limiter: RateLimiter;
  /** The card provider in use now (environment or settings), null when card payments are not set up. */
  provider: () => Promise<PaymentProvider | null>;
  publicUrl: string;
  timeZone: () => Promise<string>;
}

export function createGivingService(d: GivingDeps) {
  const repo = createGivingRepository(d.db);
  const figures = createGivingAdminRepository(d.db);
  const settings = createGivingSettingsRepository(d.db);

  /** The earlier donation of a repeated key; a different amount under one key is a client mistake. */
  async function replay(user: SessionUser, key: string, input: DonationInput) {
    const existing = await repo.findByKey(user.id, key);
    if (!existing) return undefined;
    if (existing.amountCents !== randToCents(input.amount)) {
      throw conflict('This donation was already submitted with a different amount. Please start a new donation.');
    }
    return existing;
  }

  /** What the giver does next: the provider's checkout for a pending card gift, banking details for a transfer. */
  async function paymentFor(user: SessionUser, donation: DonationRow): Promise<DonationPayment> {
    if (donation.status !== 'pending' || !donation.reference) return null;
    const provider = donation.paymentMethod === 'card' ? await d.provider() : null;
    if (provider) {
      const [first, ...rest] = user.name.trim().split(/\s+/);
      const back = `${d.publicUrl}/mobile/giving?donation=${donation.id}`;
      const checkout = provider.createCheckout({
        reference: donation.reference,
        amountCents: donation.amountCents,
        itemName: `Gift to the ${donation.fund} fund`,
        donor: { firstName: first ?? '', lastName: rest.join(' '), email: user.email ?? '' },
        returnUrl: back,
        cancelUrl: `${back}&cancelled=1`,
        notifyUrl: `${d.publicUrl}/api/giving/payfast/notify`,
        recurring: donation.frequency === 'one-time' ? undefined : (donation.frequency as 'weekly' | 'monthly'),
      });
      return { kind: 'checkout', provider: provider.name, ...checkout };
    }
    if (donation.paymentMethod === 'bank') {
      const s = await settings.get();
      return { kind: 'bank', ...s.bank, reference: donation.reference };
    }
    return null;
  }

  /** Returns the card provider for a card gift (checked here: the account can be removed between two gifts). */
  async function checkMethod(input: DonationInput) {
    const provider = input.paymentMethod === 'card' ? await d.provider() : null;
    if (input.paymentMethod === 'card' && !provider) throw badRequest(CARD_NOT_SET_UP);
    if (input.paymentMethod === 'bank' && !bankConfigured(await settings.get())) {
      throw badRequest('Bank transfer details are not set up yet. Please contact the church office.');
    }
    if (input.paymentMethod !== 'card' && input.frequency !== 'one-time') {
      // Only a card subscription collects by itself; a standing bank order is the giver's own arrangement.
      throw badRequest('Weekly and monthly gifts are set up by card. For a bank transfer, choose one-time.');
    }
    const fund = await settings.fund(input.fund);
    if (!fund || !fund.active) throw badRequest('That fund is not open for gifts. Please choose another fund.');
    return provider;
  }

  return {
    /**
     * Records a pending donation: it is completed only by the provider's
     * verified notification (card) or by the treasurer matching it (bank, cash).
     * With an idempotency key a double submit returns the first donation.
     */
    async donate(user: SessionUser, input: DonationInput, headerKey?: string) {
      const key = input.idempotencyKey ?? headerKey;
      if (key) {
        const earlier = await replay(user, key, input);
        if (earlier) return { donation: earlier, created: false, payment: await paymentFor(user, earlier) };
      }
      const provider = await checkMethod(input);
      await d.limiter.consume(`giving:${user.id}`, 30, 60 * 60_000, 'Too many donations in a short time. Please try again later.');
      try {
        const donation = await repo.transaction(async (tx) => {
          const reference = newReference();
          let subscriptionId: string | null = null;
          if (input.paymentMethod === 'card' && input.frequency !== 'one-time') {
            const [sub] = await tx
              .insert(givingSubscriptions)
              .values({
                userId: user.id,
                provider: provider!.name,
                reference,
                amountCents: randToCents(input.amount),
                frequency: input.frequency,
                fund: input.fund,
              })
              .returning();
            subscriptionId = sub!.id;
          }
          const row = await repo.insert(tx, {
            userId: user.id,
            donorName: user.name,
            amountCents: randToCents(input.amount),
            paymentMethod: input.paymentMethod,
            frequency: input.frequency,
            fund: input.fund,
            note: input.note,
            status: 'pending',
            reference,
            provider: provider?.name ?? null,
            subscriptionId,
            idempotencyKey: key ?? null,
          });
          await tx.insert(donationEvents).values({ donationId: row.id, kind: 'created', after: { status: 'pending' }, actorId: user.id });
          return row;
        });
        return { donation, created: true, payment: await paymentFor(user, donation) };
      } catch (err) {
        // Two submits with one key racing: the unique index let one through; answer with it.
        if (key && isUniqueViolation(err)) {
          const earlier = await replay(user, key, input);
          if (earlier) return { donation: earlier, created: false, payment: await paymentFor(user, earlier) };
        }
        throw err;
      }
    },
    /** The giver left the provider's checkout without paying. */
    async cancelPending(user: SessionUser, id: string) {
      const row = await repo.transaction(async (tx) => {
        const [row] = await repo.ownPending(tx, user.id, id);
        if (!row) throw notFound('No pending card gift with that id');
        if (row.subscriptionId) {
          await tx
            .update(givingSubscriptions)
            .set({ status: 'cancelled', cancelledAt: new Date() })
            .where(and(eq(givingSubscriptions.id, row.subscriptionId), eq(givingSubscriptions.status, 'pending')));
        }
        await tx
          .insert(donationEvents)
          .values({ donationId: id, kind: 'cancelled', reason: 'Left the checkout without paying', actorId: user.id });
        return repo.setStatus(tx, id, 'cancelled');
      });
      return row;
    },
    async options() {
      const [s, funds, provider] = await Promise.all([
        settings.get(),
        d.db.select().from(givingFunds).where(eq(givingFunds.active, true)),
        d.provider(),
      ]);
      return {
        card: { available: !!provider, provider: provider?.name ?? null },
        bank: { available: bankConfigured(s), details: bankConfigured(s) ? s.bank : null },
        funds: funds.map((f) => f.name).sort((a, b) => (a === 'General' ? -1 : b === 'General' ? 1 : a.localeCompare(b))),
      };
    },
    async userStats(userId: string) {
      const [totals, recent] = await Promise.all([repo.userTotals(userId), repo.userHistory(userId, 1, 5)]);
      return { ...totals, recent: recent.rows };
    },
    userHistory: (userId: string, page: number, limit: number) => repo.userHistory(userId, page, limit),
    /**
     * The church-wide summary. Every figure is the one /donations shows, from the same queries: the totals
     * for 'all', this month's total and Active Donors for 'month', the month in the church's time zone.
     */
    async overview(page: number, limit: number, now = new Date()) {
      const month = periodStart('month', now, await d.timeZone());
      const [all, thisMonth, largest, list] = await Promise.all([
        figures.summary({ from: null }),
        figures.summary({ from: month }),
        repo.largest(),
        repo.all(page, limit),
      ]);
      return {
        summary: { cents: all.cents, count: all.n, largest, monthCents: thisMonth.cents, activeGivers: thisMonth.donors },
        ...list,
      };
    },
  };
}
export type GivingService = ReturnType<typeof createGivingService>;
