import { z } from 'zod';
import { entityIds } from './http';

/** Spec 001 §9 priority colours: low blue, medium orange, high red. */
export const ANNOUNCEMENT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** Spec 001 §8 texts, and the success texts our real CRUD adds. */
export const ANNOUNCEMENT_TEXTS = {
  loadFailed: 'Failed to load announcements',
  updateFailed: 'Failed to update announcement',
  deleteFailed: 'Failed to delete announcement',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  deleted: 'Announcement deleted successfully',
  createFailed: 'Failed to create announcement',
  endBeforeStart: 'End date must be after the start date',
} as const;

/** Spec 001 §4: Active when now lies between startDate and endDate (published is a separate toggle). */
export function isAnnouncementActive(a: { startDate: string | Date; endDate: string | Date }, now: Date = new Date()): boolean {
  return new Date(a.startDate).getTime() <= now.getTime() && now.getTime() <= new Date(a.endDate).getTime();
}

export const announcementSchema = z
  .object({
    ...entityIds,
    title: z.string(),
    content: z.string(),
    author: z.string(),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES),
    startDate: z.string(),
    endDate: z.string(),
    published: z.boolean(),
    active: z.boolean().describe('now lies between startDate and endDate'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Announcement');
export type Announcement = z.infer<typeof announcementSchema>;

const isoDate = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).transform((s) => new Date(s));

export const announcementInput = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(150, 'Title must be 150 characters or less'),
    content: z.string().trim().min(1, 'Content is required').max(5000, 'Content must be 5000 characters or less'),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES, { error: 'priority must be low, medium or high' }).default('medium'),
    startDate: isoDate('Start date'),
    endDate: isoDate('End date'),
    published: z.boolean().default(false),
  })
  // Zod runs an object's refinements even when a field already failed (the field is then still the raw string):
  // compare the dates only once every field parsed (the fuzz suite found a 500 here).
  .refine((a) => a.endDate.getTime() > a.startDate.getTime(), {
    message: ANNOUNCEMENT_TEXTS.endBeforeStart,
    path: ['endDate'],
    when: (payload) => payload.issues.length === 0,
  });
export type AnnouncementInput = z.input<typeof announcementInput>;

export const publishAnnouncementRequest = z.object({ published: z.boolean() });

export const announcementResponse = z.object({ status: z.literal('success'), data: z.object({ announcement: announcementSchema }) });
export const announcementsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ announcements: z.array(announcementSchema) }),
});
