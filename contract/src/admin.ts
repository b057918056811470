import { z } from 'zod';

/** GET /api/admin/system: what an administrator checks first (issue 10, admin panel → system health). */
export const systemSummaryResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    version: z.string().describe('The release this server runs'),
    schema: z.string().describe('The newest database migration this release ships'),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
    node: z.string().describe('Node.js version'),
    uptimeSeconds: z.number().int(),
    smtpConfigured: z.boolean().describe('False: mail stays in the mail log for an administrator to read'),
    jobs: z
      .array(z.object({ queue: z.string(), state: z.string(), count: z.number().int() }))
      .describe('Jobs by queue and state (created/retry = waiting, active = running, failed = gave up)'),
    mail: z.object({
      queued: z.number().int().describe('Not sent yet and not given up'),
      sent: z.number().int(),
      failed: z.number().int().describe('Every retry failed'),
      lastSentAt: z.string().nullable(),
    }),
    members: z.number().int().describe('Accounts other than developer accounts'),
  }),
});
export type SystemSummary = z.infer<typeof systemSummaryResponse>['data'];
