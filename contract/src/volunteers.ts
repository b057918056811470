import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';
import { ROLES } from './roles';
import { MEMBER_STATUSES } from './users';

/** Spec 001 §2, §4, §8, §9: Volunteers and Leadership pages. */
export const VOLUNTEER_ROLE_OPTIONS = ['volunteer', 'deacon', 'elder', 'member'] as const;
export const LEADERSHIP_ROLE_OPTIONS = ['pastor', 'elder', 'deacon', 'volunteer', 'member'] as const;
/** The roles that count as serving (plus anyone with the isVolunteer flag). */
export const SERVING_ROLES = ['volunteer', 'deacon', 'elder'] as const;
export const LEADERSHIP_ROLES = ['pastor', 'elder', 'deacon'] as const;
/** Spec 001 §9: the roles panel shows 3 names per role, then '+N more'. */
export const ROLE_SUMMARY_NAMES = 3;

export const VOLUNTEER_TEXTS = {
  loadFailed: 'Failed to load volunteers',
  roleUpdated: 'Volunteer role updated successfully',
  roleFailed: 'Failed to update volunteer role',
  leadershipUpdated: 'Leadership role updated successfully',
  leadershipFailed: 'Failed to update role',
  leadershipLoadFailed: 'Failed to load leadership team',
} as const;

export const servingPersonSchema = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(MEMBER_STATUSES),
  isActive: z.boolean(),
  isVolunteer: z.boolean(),
  joinDate: z.string(),
  ministryInterests: z.array(z.string()),
});
export type ServingPerson = z.infer<typeof servingPersonSchema>;

const roleSummary = z.object({ count: z.number().int(), names: z.array(z.string()).max(ROLE_SUMMARY_NAMES) });

export const volunteersQuery = paginationQuery(50, 200).extend({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional().describe('Matches name or email'),
});
export const volunteersResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    volunteers: z.array(servingPersonSchema),
    ...pageInfo,
    stats: z.object({
      total: z.number().int(),
      active: z.number().int(),
      newThisMonth: z.number().int().describe('Joined the church this calendar month'),
    }),
    roles: z.object({ volunteer: roleSummary, deacon: roleSummary, elder: roleSummary }),
  }),
});

export const leadershipResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    leaders: z.array(servingPersonSchema),
    counts: z.object({ pastor: z.number().int(), elder: z.number().int(), deacon: z.number().int() }),
  }),
});

/** '+N more' under a role's first three names. */
export function moreLabel(count: number, shown: number): string | null {
  return count > shown ? `+${count - shown} more` : null;
}
