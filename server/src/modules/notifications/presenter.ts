import type { Notification } from '@church/contract/notifications';
import type { NotificationRow } from '../../db/schema/index';

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    id: row.id,
    type: row.type as Notification['type'],
    title: row.title,
    message: row.message,
    status: row.readAt ? 'read' : 'unread',
    read: !!row.readAt,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}
