import { z } from 'zod';
import { entityIds, paginationQuery, pageInfo } from './http';
import { EMAIL_MAX, EMAIL_PATTERN } from './rules/email';
import { phoneOrEmptyField } from './rules/phone-schema';
import { CONTACT_METHODS } from './contact-constants';
export * from './contact-constants';

export const contactMessageRequest = z.object({
  name: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be 100 characters or less'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, { error: 'Please enter a valid email address', abort: true })
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  phone: phoneOrEmptyField().default(''),
  preferredContact: z.enum(CONTACT_METHODS, { error: 'Preferred contact method must be email, phone or whatsapp' }).default('email'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be 5000 characters or less'),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequest>;

export const contactMessageSchema = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  preferredContact: z.enum(CONTACT_METHODS),
  message: z.string(),
  createdAt: z.string(),
  /** Inbox state (issue 10). */
  readAt: z.string().nullable().optional(),
  repliedAt: z.string().nullable().optional(),
  archivedAt: z.string().nullable().optional(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageCreatedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ contactMessage: z.object({ _id: z.string(), id: z.string(), createdAt: z.string() }) }),
});

export const contactMessagesQuery = paginationQuery(20, 100).extend({
  box: z.enum(['inbox', 'archived', 'all']).default('all').describe('inbox: not archived; archived; all'),
});
export const contactMessagesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ contactMessages: z.array(contactMessageSchema), ...pageInfo, unread: z.number().int().optional() }),
});

/** PATCH /contact-messages/{id}: mark read/unread, archive/unarchive. */
export const contactMessageUpdateRequest = z.object({ read: z.boolean().optional(), archived: z.boolean().optional() });
/** POST /contact-messages/{id}/reply: an e-mail to the sender. */
export const contactReplyRequest = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(10_000, 'Message must be at most 10000 characters'),
});
export const contactMessageResponse = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ contactMessage: contactMessageSchema }),
});
export const INBOX_TEXTS = {
  replied: 'Reply sent',
  replyFailed: 'Failed to send reply',
  archived: 'Message archived',
  restored: 'Message moved to the inbox',
  updateFailed: 'Failed to update message',
  loadFailed: 'Failed to load messages',
} as const;
