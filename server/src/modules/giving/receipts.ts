import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { donations, users, type UserRow } from '../../db/schema/index';
import type { DomainEvents } from '../../events/domain-events';
import { forRecipient } from '../../lib/i18n';
import type { Mailer } from '../../lib/mailer';
import type { Locale } from '@church/contract/i18n/locales';

/** The receipts' queue on the domain events backbone (events/domain-events.ts). */
export const RECEIPTS_SUBSCRIBER = 'giving-receipts';

/**
 * An e-mail receipt per completed gift (issue 32), whichever way it completed: a verified PayFast
 * notification, a bank transfer the treasurer matched, a batch gift with a member. Giving records
 * `donation.received` in the transaction that completes a gift; this subscriber answers it, so no path
 * sends its own. A receipt is transactional mail (lib/mailer.ts: no consent asked, like a password reset)
 * to a giver whose account has an e-mail address, in their language. One per gift: the donation's
 * receipt_queued_at is set in the transaction that queues the mail, so a gift announced twice (a late
 * provider notification, a job run again) is receipted once.
 */
export function subscribeGiftReceipts(
  events: DomainEvents,
  d: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    language: (tx: DbOrTx, user: UserRow) => Promise<{ locale: Locale; timeZone: string }>;
  },
) {
  return events.subscribe({
    name: RECEIPTS_SUBSCRIBER,
    types: ['donation.received'],
    handle: async (tx, event) => {
      const { object } = event.data as { object: { id: string; status: string; memberId: string | null } };
      if (object.status !== 'completed' || !object.memberId) return;
      const [user] = await tx.select().from(users).where(eq(users.id, object.memberId));
      if (!user?.email) return;
      const [gift] = await tx
        .update(donations)
        .set({ receiptQueuedAt: new Date() })
        .where(and(eq(donations.id, object.id), eq(donations.status, 'completed'), isNull(donations.receiptQueuedAt)))
        .returning();
      if (!gift) return;
      const { t, format } = forRecipient(await d.language(tx, user));
      const amount = format.money(gift.amountCents / 100);
      await d.mailer.send(
        {
          to: user.email,
          kind: 'giving-receipt',
          subject: t('email.receipt.subject', { amount }),
          text: t('email.receipt.body', {
            name: user.name,
            amount,
            fund: gift.fund,
            date: format.date(gift.completedAt ?? gift.givenAt, 'long'),
            reference: gift.reference ?? gift.externalRef ?? gift.id.slice(0, 8).toUpperCase(),
            link: `${d.publicUrl}/mobile/giving`,
          }),
        },
        { tx },
      );
    },
  });
}
