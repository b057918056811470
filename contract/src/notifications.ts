import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery, queryBoolean } from './http';

/** Spec 000 §3 / 002 §3. */
export const NOTIFICATION_TYPES = ['event', 'prayer', 'giving', 'message', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** Spec 000 §9: the header dropdown shows 5. */
export const NOTIFICATIONS_DROPDOWN_SIZE = 5;
/** How far ahead a registered event triggers its reminder. */
export const EVENT_REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;

export const notificationSchema = z
  .object({
    ...entityIds,
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    status: z.enum(['unread', 'read']),
    read: z.boolean(),
    link: z.string().nullable().describe('A page of the app this is about'),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .describe('Notification');
export type Notification = z.infer<typeof notificationSchema>;

/** Spec 002 §7.9: defaults page 1, limit 20, unreadOnly false, markRead false. */
export const userNotificationsQuery = paginationQuery(20, 100).extend({
  unreadOnly: queryBoolean.default(false),
  markRead: queryBoolean.default(false).describe('Mark the returned notifications as read'),
});
export const userNotificationsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int(), ...pageInfo }),
});
export const notificationResponse = z.object({
  status: z.literal('success'),
  data: z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
});
export const readAllResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ updated: z.number().int(), unreadCount: z.number().int() }),
});
