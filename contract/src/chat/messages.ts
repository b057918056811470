import { z } from 'zod';
import { entityIds } from '../http';
import { CHAT, CHAT_ERRORS } from './constants';

export const MESSAGE_TYPES = ['text', 'image', 'file', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATUSES = ['sending', 'delivered', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const senderSchema = z.object({ ...entityIds, name: z.string() });

export const reactionSummarySchema = z.object({
  emoji: z.string(),
  count: z.number().int(),
  userIds: z.array(z.string()),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

export const chatFileSchema = z.object({
  url: z.string().describe('Download address (signed-in members of the room only)'),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
});

/** Spec 002 §3 "Chat message": both spellings (content/message, sender/user, createdAt/timestamp) are filled. */
export const messageSchema = z
  .object({
    ...entityIds,
    roomId: z.string(),
    content: z.string(),
    message: z.string(),
    messageType: z.enum(MESSAGE_TYPES),
    sender: senderSchema.nullable().describe('null when the sender account no longer exists (shown as Unknown User)'),
    user: senderSchema.nullable(),
    createdAt: z.string(),
    timestamp: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    repliedTo: z.string().nullable(),
    tempId: z.string().nullable().describe('The client-generated id the message was sent with'),
    reactions: z.array(reactionSummarySchema),
    file: chatFileSchema.nullable(),
    cursor: z.string().describe('Pass as before= to read older messages'),
  })
  .describe('ChatMessage');
export type ChatMessage = z.infer<typeof messageSchema>;

export const TEMP_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
export const tempIdSchema = z
  .string()
  .max(64, { error: 'tempId must be 1-64 letters, digits, _ . : or -', abort: true })
  .regex(TEMP_ID_PATTERN, 'tempId must be 1-64 letters, digits, _ . : or -');

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text as it will be stored: trimmed, control characters (except newline and tab) removed. */
export function normaliseMessageText(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '').trim();
}

/** Spec 002 §5: non-empty after trimming; our length limit. Returns the reason, or null when the text may be sent. */
export function messageTextProblem(raw: string): string | null {
  const text = normaliseMessageText(raw);
  if (!text) return CHAT_ERRORS.emptyMessage;
  if (text.length > CHAT.maxMessageLength) return CHAT_ERRORS.tooLong;
  return null;
}

const messageText = z
  .string()
  .transform(normaliseMessageText)
  .pipe(z.string().min(1, CHAT_ERRORS.emptyMessage).max(CHAT.maxMessageLength, CHAT_ERRORS.tooLong));

/** POST /chat/rooms/{id}/messages: { message, messageType } (content accepted as the mobile client names it). */
export const sendMessageRequest = z
  .object({
    message: z.string().optional(),
    content: z.string().optional(),
    messageType: z.enum(['text']).default('text'),
    repliedTo: z.string().uuid('repliedTo must be a message id').nullish(),
    tempId: tempIdSchema.optional(),
  })
  .transform((v, ctx) => {
    const parsed = messageText.safeParse(v.message ?? v.content ?? '');
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? CHAT_ERRORS.emptyMessage, path: ['message'] });
      return z.NEVER;
    }
    return { text: parsed.data, messageType: v.messageType, repliedTo: v.repliedTo ?? null, tempId: v.tempId ?? null };
  });
export type SendMessageRequest = z.input<typeof sendMessageRequest>;
export type SendMessageInput = z.output<typeof sendMessageRequest>;

export const messagesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(CHAT.maxPageSize, `limit must be ${CHAT.maxPageSize} or less`)
    .default(CHAT.pageSize),
  before: z
    .string()
    .max(18, { error: 'before must be a cursor returned by this call', abort: true })
    .regex(/^\d{1,18}$/, 'before must be a cursor returned by this call')
    .optional()
    .describe('Cursor: the cursor of the oldest message you already have'),
});

export const searchQuery = z.object({
  q: z.string().trim().min(1, 'Enter something to search for').max(100, 'Search text must be at most 100 characters'),
});

export const reactRequest = z.object({
  emoji: z.string().trim().min(1, 'Choose an emoji').max(CHAT.maxEmojiLength, 'That is not a single emoji'),
});
