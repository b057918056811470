import { z } from 'zod';
import { pageInfo } from './http';

/** One mail of the delivery log (never the body: a reset link belongs to its owner alone). */
export const outboxMailSchema = z.object({
  _id: z.string(),
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  /** Not sent on purpose (the member withdrew consent after it was queued); `skipReason` says why. */
  skippedAt: z.string().nullable(),
  skipReason: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxListResponse = z.object({
  status: z.literal('success'),
  data: z.object({ mails: z.array(outboxMailSchema), ...pageInfo }),
});
