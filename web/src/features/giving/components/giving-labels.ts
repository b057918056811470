import type { MessageKey } from '@church/contract/i18n/keys';
import type { DonationStatus, FREQUENCIES, PAYMENT_METHODS } from '@church/contract/giving';

/** The member's giving words as catalogue keys (issue 36); the English texts are the spec's labels. */
export const METHOD_KEYS: Record<(typeof PAYMENT_METHODS)[number] | 'cheque', MessageKey> = {
  card: 'member.giving.method.card',
  bank: 'member.giving.method.bank',
  cash: 'member.giving.method.cash',
  cheque: 'member.giving.method.cheque',
};
export const FREQUENCY_KEYS: Record<(typeof FREQUENCIES)[number], MessageKey> = {
  'one-time': 'member.giving.frequency.one-time',
  weekly: 'member.giving.frequency.weekly',
  monthly: 'member.giving.frequency.monthly',
};
export const STATUS_KEYS: Record<DonationStatus, MessageKey> = {
  completed: 'member.giving.status.completed',
  pending: 'member.giving.status.pending',
  failed: 'member.giving.status.failed',
  cancelled: 'member.giving.status.cancelled',
  refunded: 'member.giving.status.refunded',
  expired: 'member.giving.status.expired',
};
