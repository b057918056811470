import { z } from 'zod';
import { CHAT } from './constants';
import { messageSchema, reactionSummarySchema, tempIdSchema, type ChatMessage, type ReactionSummary } from './messages';

const id = z.string().uuid('That id is not valid');
export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

/**
 * Spec 002 §7.12, client → server. send_message carries data.message (the
 * desktop client) or content/type (the mobile client); both are accepted.
 */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('send_message'),
    roomId: id,
    tempId: tempIdSchema.optional(),
    content: z
      .string()
      .max(CHAT.maxMessageLength * 2)
      .optional(),
    data: z
      .object({
        message: z
          .string()
          .max(CHAT.maxMessageLength * 2)
          .optional(),
        messageType: z.enum(['text']).optional(),
        repliedTo: id.nullish(),
      })
      .optional(),
  }),
  z.object({ type: z.literal('message_delivered'), tempId: z.string().optional(), timestamp: z.number().optional() }),
  z.object({ type: z.literal('join_room'), roomId: id }),
  z.object({ type: z.literal('leave_room'), roomId: id }),
  z.object({
    type: z.literal('typing'),
    roomId: id,
    data: z.object({ isTyping: z.boolean() }).optional(),
    isTyping: z.boolean().optional(),
  }),
  z.object({ type: z.literal('react_message'), messageId: id, emoji: z.string().trim().min(1).max(CHAT.maxEmojiLength) }),
  z.object({ type: z.literal('mark_read'), roomId: id }),
  z.object({ type: z.literal('presence'), status: z.enum(PRESENCE_STATUSES) }),
  z.object({ type: z.literal('ping'), timestamp: z.number().optional() }),
  z.object({ type: z.literal('pong'), timestamp: z.number().optional() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type SendMessageFrame = Extract<ClientFrame, { type: 'send_message' }>;

/** The text a send_message frame carries, whichever client sent it. */
export const frameText = (f: SendMessageFrame) => f.data?.message ?? f.content ?? '';

/**
 * Spec 002 §7.12, server → client. The spec's client reads two names for three frames: user_typing or
 * typing, user_joined or user_join, user_left or user_leave. This server sends the first of each
 * (user_typing, user_joined, user_left: SERVER_SENDS below, checked by server/src/realtime/hub.test.ts);
 * clients accept the spec's other names too (canonicalServerFrame), so either spelling works.
 */
export type ServerFrame =
  | { type: 'connected'; userId: string; userName: string; rooms: string[]; serverTime: string }
  | { type: 'new_message'; roomId: string; message: ChatMessage }
  | { type: 'message_sent'; tempId: string | null; roomId: string; message: ChatMessage; duplicate: boolean }
  | { type: 'message_delivered'; tempId: string | null; messageId: string; timestamp: number }
  | { type: 'message_failed'; tempId: string | null; reason: string }
  | {
      type: 'message_reacted';
      roomId: string;
      messageId: string;
      emoji: string;
      userId: string;
      added: boolean;
      reactions: ReactionSummary[];
    }
  | { type: 'user_typing'; roomId: string; userId: string; userName: string; isTyping: boolean }
  | { type: 'user_joined'; roomId: string; userId: string; userName: string }
  | { type: 'user_left'; roomId: string; userId: string; userName: string }
  | { type: 'room_joined'; roomId: string; message: string }
  | { type: 'room_left'; roomId: string; message: string }
  | { type: 'read_marked'; roomId: string; unreadCount: number; lastReadAt: string }
  | { type: 'presence'; userId: string; userName: string; status: PresenceStatus }
  | { type: 'ping'; timestamp: number }
  | { type: 'pong'; timestamp: number }
  | { type: 'error'; message: string }
  /** Check-ins of a service changed (issue 33): the live room board reloads its counts. */
  | { type: 'checkin_changed'; serviceId: string; at: number };
export type ServerFrameType = ServerFrame['type'];

/** The spec's other names for three server frames → the name this server sends. */
export const SERVER_FRAME_ALIASES = { typing: 'user_typing', user_join: 'user_joined', user_leave: 'user_left' } as const;
/** Which of each pair the server sends (documented for clients; the hub test holds the server to it). */
export const SERVER_SENDS = Object.values(SERVER_FRAME_ALIASES);

/** A received frame under the name this client's code reads: the spec's alias names become the server's. */
export function canonicalServerFrame(frame: { type: string }): ServerFrame {
  const alias = SERVER_FRAME_ALIASES[frame.type as keyof typeof SERVER_FRAME_ALIASES];
  return (alias ? { ...frame, type: alias } : frame) as ServerFrame;
}

/** Parses what arrives on the client; unknown types are kept (spec: passed on to message listeners). */
export const incomingMessageSchema = messageSchema;
export const incomingReactionsSchema = z.array(reactionSummarySchema);
