import type { z } from 'zod';
import { FREQUENCY_LABELS, type createDonationRequest } from '@church/contract/giving';
import { formatRand, randToCents } from '@church/contract/rules/money';
import { isUniqueViolation, type Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { conflict } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { createNotifications } from '../notifications/repository';
import { createGivingRepository } from './repository';

type DonationInput = z.output<typeof createDonationRequest>;
const DAY = 86_400_000;

export function createGivingService(d: { db: Db; limiter: RateLimiter }) {
  const repo = createGivingRepository(d.db);

  /** The earlier donation of a repeated key; a different amount under one key is a client mistake. */
  async function replay(user: UserRow, key: string, input: DonationInput) {
    const existing = await repo.findByKey(user.id, key);
    if (!existing) return undefined;
    if (existing.amountCents !== randToCents(input.amount)) {
      throw conflict('This donation was already submitted with a different amount. Please start a new donation.');
    }
    return existing;
  }

  return {
    /**
     * Records a donation and its "donation received" notification together.
     * With an idempotency key a double submit returns the first donation
     * (created: false) instead of recording it twice.
     */
    async donate(user: UserRow, input: DonationInput, headerKey?: string) {
      const key = input.idempotencyKey ?? headerKey;
      if (key) {
        const earlier = await replay(user, key, input);
        if (earlier) return { donation: earlier, created: false };
      }
      await d.limiter.consume(`giving:${user.id}`, 30, 60 * 60_000, 'Too many donations in a short time. Please try again later.');
      try {
        const donation = await repo.transaction(async (tx) => {
          const row = await repo.insert(tx, {
            userId: user.id,
            donorName: user.name,
            amountCents: randToCents(input.amount),
            paymentMethod: input.paymentMethod,
            frequency: input.frequency,
            note: input.note,
            status: 'completed',
            idempotencyKey: key ?? null,
          });
          const recurring = input.frequency === 'one-time' ? '' : ` ${FREQUENCY_LABELS[input.frequency].toLowerCase()}`;
          await createNotifications(tx, [
            {
              userId: user.id,
              type: 'giving',
              title: 'Donation received',
              message: `Thank you! We received your${recurring} donation of ${formatRand(input.amount)}.`,
              link: '/mobile/giving',
            },
          ]);
          return row;
        });
        return { donation, created: true };
      } catch (err) {
        // Two submits with one key racing: the unique index let one through; answer with it.
        if (key && isUniqueViolation(err)) {
          const earlier = await replay(user, key, input);
          if (earlier) return { donation: earlier, created: false };
        }
        throw err;
      }
    },
    async userStats(userId: string) {
      const [totals, recent] = await Promise.all([repo.userTotals(userId), repo.userHistory(userId, 1, 5)]);
      return { ...totals, recent: recent.rows };
    },
    userHistory: (userId: string, page: number, limit: number) => repo.userHistory(userId, page, limit),
    async overview(page: number, limit: number, now = new Date()) {
      const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
      const [summary, list] = await Promise.all([repo.summary(monthStart, new Date(now.getTime() - 90 * DAY)), repo.all(page, limit)]);
      return { summary, ...list };
    },
  };
}
export type GivingService = ReturnType<typeof createGivingService>;
