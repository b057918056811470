import type { BulkMessage, DeliveryStats, MessageTemplate } from '@church/contract/messaging';
import type { BulkMessageRow } from '../../db/schema/index';
import type { messageTemplates } from '../../db/schema/index';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function presentMessage(row: BulkMessageRow, stats: DeliveryStats): BulkMessage {
  return {
    _id: row.id,
    id: row.id,
    subject: row.subject,
    message: row.body,
    recipientType: row.recipientType as BulkMessage['recipientType'],
    status: row.status as BulkMessage['status'],
    scheduledFor: iso(row.scheduledFor),
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    error: row.error,
    // Before the send starts, the audience is not resolved yet: the count comes with the send.
    stats: { ...stats, recipients: row.recipientCount ?? stats.recipients },
  };
}

export function presentRecipient(r: {
  id: string;
  name: string;
  email: string;
  inApp: boolean;
  emailState: string;
  emailDetail: string | null;
  sentAt: string | Date | null;
  unsubscribedAt: string | Date | null;
}) {
  return {
    _id: r.id,
    id: r.id,
    name: r.name,
    email: r.email,
    inApp: !!r.inApp,
    emailState: r.emailState as 'pending',
    emailDetail: r.emailDetail,
    sentAt: iso(r.sentAt),
    unsubscribedAt: iso(r.unsubscribedAt),
  };
}

export function presentTemplate(row: typeof messageTemplates.$inferSelect): MessageTemplate {
  return { _id: row.id, id: row.id, name: row.name, subject: row.subject, message: row.body, updatedAt: row.updatedAt.toISOString() };
}
