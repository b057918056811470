import { z } from 'zod';
import { pageInfo, paginationQuery, success } from '../http';
import { reactionSummarySchema, messageSchema } from './messages';
import { roomSchema } from './rooms';

/** Response bodies of spec 002 §7.10, each under data. */
export const roomsResponse = success(z.object({ rooms: z.array(roomSchema) }));
/** GET /chat/rooms: paginated like every list of the public API (page, limit, total beside the rooms). */
export const roomsPageQuery = paginationQuery(50, 100);
export const roomsPageResponse = success(z.object({ rooms: z.array(roomSchema), ...pageInfo }));
export const roomResponse = success(z.object({ room: roomSchema }));
export const messagesResponse = success(
  z.object({
    messages: z.array(messageSchema).describe('Oldest first'),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable().describe('Pass as before= for the previous page; null when there is none'),
  }),
);
export const searchResponse = success(z.object({ messages: z.array(messageSchema).describe('Newest first'), query: z.string() }));
export const messageResponse = success(z.object({ message: messageSchema }));
export const reactResponse = success(
  z.object({ messageId: z.string(), roomId: z.string(), emoji: z.string(), added: z.boolean(), reactions: z.array(reactionSummarySchema) }),
);
export const readResponse = success(z.object({ roomId: z.string(), unreadCount: z.number().int(), lastReadAt: z.string() }));
export const leaveResponse = success(z.object({ roomId: z.string(), message: z.string() }));
export const statsResponse = success(
  z.object({
    totalRooms: z.number().int(),
    totalMessages: z.number().int(),
    messagesToday: z.number().int(),
    activeUsers: z.number().int().describe('People who posted in the last 7 days'),
    myRooms: z.number().int(),
    myUnread: z.number().int(),
    onlineUsers: z.number().int().describe('People connected to this server instance now'),
  }),
);
