import { z } from 'zod';
import { entityIds, pageInfo, paginationQuery } from './http';

const isoDateTime = z.string().datetime({ offset: true, message: 'Use an ISO date and time, e.g. 2026-01-31T00:00:00Z' });

/** GET /api/admin/audit: newest first, filtered by any of these. */
export const auditListQuery = paginationQuery(50, 200).extend({
  action: z.string().trim().max(60).optional().describe('Exact action, e.g. member.role_changed'),
  entityType: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(60).optional(),
  actorId: z.string().uuid('That id is not valid').optional(),
  from: isoDateTime.optional().describe('Entries at or after this time'),
  to: isoDateTime.optional().describe('Entries before this time'),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditEntrySchema = z.object({
  ...entityIds,
  actorId: z.string().nullable(),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponse = z.object({
  status: z.literal('success'),
  data: z.object({ entries: z.array(auditEntrySchema), ...pageInfo }),
});
