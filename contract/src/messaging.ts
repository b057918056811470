import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

/** Spec 001 §9: bulk recipient types. */
export const RECIPIENT_TYPES = ['all', 'active', 'volunteers', 'leaders', 'visitors', 'inactive'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
export const RECIPIENT_TYPE_LABELS: Record<RecipientType, string> = {
  all: 'All members',
  active: 'Active members',
  volunteers: 'Volunteers (volunteer, deacon, elder or volunteer flag)',
  leaders: 'Leaders (pastor, elder, deacon)',
  visitors: 'Visitors',
  inactive: 'Inactive members',
};
/** Each audience as the words after 'sent to' or 'scheduled for' (the spec's '{type} members' where that reads well). */
export const RECIPIENT_AUDIENCE: Record<RecipientType, string> = {
  all: 'all members',
  active: 'active members',
  volunteers: 'volunteers',
  leaders: 'leaders',
  visitors: 'visitors',
  inactive: 'inactive members',
};
/** Spec 001 §9: schedule is immediately or scheduled. */
export const SCHEDULES = ['immediately', 'scheduled'] as const;

/** Merge fields replaced per recipient (in the subject and the message). */
export const MERGE_FIELDS = ['{firstName}', '{churchName}'] as const;

export const MESSAGING_TEXTS = {
  /** Spec 001 §5. */
  required: 'Subject and message are required',
  /** When scheduled, date and time are required (spec 001 §5; the wording is ours). */
  dateTimeRequired: 'Date and time are required for a scheduled message',
  inPast: 'The scheduled time has already passed',
  /** Spec 001 §8. */
  failed: 'Failed to schedule message',
  /**
   * Spec 001 §8 'Message scheduled for {type} members', said so it reads well for every audience ('scheduled
   * for leaders members' did not): sent now → 'Message sent to leaders'; scheduled → 'Message scheduled for
   * volunteers'. For all, active and inactive it is the spec's text word for word.
   */
  scheduled: (type: RecipientType, schedule: (typeof SCHEDULES)[number] = 'scheduled') =>
    schedule === 'immediately' ? `Message sent to ${RECIPIENT_AUDIENCE[type]}` : `Message scheduled for ${RECIPIENT_AUDIENCE[type]}`,
  noRecipients: 'No members match this audience',
  cancelled: 'Message cancelled',
  tooLate: 'This message has already started sending and can no longer be cancelled',
  unsubscribed: 'You have been unsubscribed from church e-mail.',
  unsubscribeUsed: 'This unsubscribe link has already been used.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;

const day = z
  .string()
  .max(10, { error: 'Use the date format YYYY-MM-DD', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
const time = z
  .string()
  .max(5, { error: 'Use the time format HH:MM', abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the time format HH:MM');

/** Spec 001 §3 Bulk message draft: subject, message, recipientType, schedule, scheduledDate, scheduledTime. */
export const bulkMessageRequest = z
  .object({
    subject: z.string().trim().max(SUBJECT_MAX, `At most ${SUBJECT_MAX} characters`).default(''),
    message: z.string().trim().max(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`).default(''),
    recipientType: z.enum(RECIPIENT_TYPES),
    schedule: z.enum(SCHEDULES).default('immediately'),
    scheduledDate: day.optional().or(z.literal('')),
    scheduledTime: time.optional().or(z.literal('')),
  })
  .superRefine((v, ctx) => {
    if (!v.subject || !v.message)
      ctx.addIssue({ code: 'custom', message: MESSAGING_TEXTS.required, path: [v.subject ? 'message' : 'subject'] });
    if (v.schedule === 'scheduled' && (!v.scheduledDate || !v.scheduledTime))
      ctx.addIssue({
        code: 'custom',
        message: MESSAGING_TEXTS.dateTimeRequired,
        path: [v.scheduledDate ? 'scheduledTime' : 'scheduledDate'],
      });
  });
export type BulkMessageRequest = z.input<typeof bulkMessageRequest>;

export const previewRequest = z.object({
  subject: z.string().max(SUBJECT_MAX).default(''),
  message: z.string().max(MESSAGE_MAX).default(''),
  recipientType: z.enum(RECIPIENT_TYPES),
});
export const previewResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    recipientCount: z.number().int(),
    /** Of those, how many would get an e-mail now (SMTP configured and e-mail consent given). */
    emailCount: z.number().int(),
    smtpConfigured: z.boolean(),
    sample: z
      .object({ name: z.string(), subject: z.string(), message: z.string() })
      .nullable()
      .describe('The message as the first recipient will read it'),
  }),
});

export const MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;

export const deliveryStats = z.object({
  recipients: z.number().int(),
  inApp: z.number().int().describe('In-app notifications written'),
  emailQueued: z.number().int(),
  emailSent: z.number().int(),
  emailFailed: z.number().int(),
  emailSkipped: z.number().int().describe('Opted out, or SMTP not configured'),
  unsubscribed: z.number().int(),
});
export type DeliveryStats = z.infer<typeof deliveryStats>;

export const bulkMessageSchema = z.object({
  ...entityIds,
  subject: z.string(),
  message: z.string(),
  recipientType: z.enum(RECIPIENT_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  scheduledFor: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  error: z.string().nullable(),
  stats: deliveryStats,
});
export type BulkMessage = z.infer<typeof bulkMessageSchema>;

export const bulkMessageResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ bulkMessage: bulkMessageSchema }),
});
export const bulkMessageDetailResponse = z.object({ status: z.literal('success'), data: z.object({ bulkMessage: bulkMessageSchema }) });
export const bulkMessagesQuery = paginationQuery(20, 100).extend({ status: z.enum(MESSAGE_STATUSES).optional() });
export const bulkMessagesResponse = z.object({
  status: z.literal('success'),
  data: z.object({ messages: z.array(bulkMessageSchema), ...pageInfo }),
});

export const EMAIL_STATES = ['pending', 'queued', 'sent', 'failed', 'skipped'] as const;
export const recipientSchema = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string().nullable(),
  inApp: z.boolean(),
  emailState: z.enum(EMAIL_STATES),
  emailDetail: z.string().nullable().describe('Why it was skipped or failed'),
  sentAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export const recipientsQuery = paginationQuery(50, 200).extend({ emailState: z.enum(EMAIL_STATES).optional() });
export const recipientsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ recipients: z.array(recipientSchema), ...pageInfo }),
});

/** Spec 002 §7.9 GET /notifications/stats: delivery across all bulk messages. */
export const messagingStatsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    messages: z.object({ total: z.number().int(), scheduled: z.number().int(), sent: z.number().int(), cancelled: z.number().int() }),
    delivery: deliveryStats,
  }),
});

export const templateSchema = z.object({
  ...entityIds,
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;
export const templateRequest = z.object({
  name: z.string().trim().min(1, 'Template name is required').max(100),
  subject: z.string().trim().min(1, MESSAGING_TEXTS.required).max(SUBJECT_MAX),
  message: z.string().trim().min(1, MESSAGING_TEXTS.required).max(MESSAGE_MAX),
});
export const templatesResponse = z.object({ status: z.literal('success'), data: z.object({ templates: z.array(templateSchema) }) });
export const templateResponse = z.object({ status: z.literal('success'), data: z.object({ template: templateSchema }) });

/** POST /notifications: one notification to one member (a leader's direct note). */
export const singleNotificationRequest = z.object({
  userId: z.uuid(),
  title: z.string().trim().min(1, 'Title is required').max(SUBJECT_MAX),
  message: z.string().trim().min(1, 'Message is required').max(MESSAGE_MAX),
});

export const unsubscribeInfoResponse = z.object({
  status: z.literal('success'),
  data: z.object({ churchName: z.string(), maskedEmail: z.string(), alreadyUsed: z.boolean(), subscribed: z.boolean() }),
});
export const unsubscribeResponse = z.object({ status: z.literal('success'), message: z.string() });
