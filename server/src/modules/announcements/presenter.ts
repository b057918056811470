import { isAnnouncementActive, type Announcement, type AnnouncementPriority } from '@church/contract/announcements';
import type { AnnouncementRow } from '../../db/schema/index';

export function presentAnnouncement(row: AnnouncementRow, now = new Date()): Announcement {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    content: row.content,
    author: row.author,
    priority: row.priority as AnnouncementPriority,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    published: row.published,
    active: isAnnouncementActive(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
