import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { systemSummaryResponse } from '@church/contract/admin';
import { errorResponses } from '@church/contract/http';
import type { Database } from '../../db/client';
import { databaseExecutor, JOBS_SCHEMA } from '../../jobs/executor';
import { auth } from '../../plugins/auth';
import { APP_VERSION, codeSchemaVersion } from '../ops/version';

/**
 * The admin panel's system health (issue 10): the public /health figures plus
 * what only an administrator should see — the job queue by state and the mail
 * delivery counts — each computed by the database in one grouped query.
 */
export async function adminRoutes(appBase: FastifyInstance, { database, smtpConfigured }: { database: Database; smtpConfigured: boolean }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const schema = codeSchemaVersion().tag;
  const jobsSql = databaseExecutor(database);
  const db = database.db;

  async function jobCounts() {
    try {
      const res = await jobsSql.executeSql(
        `select name as queue, state::text as state, count(*)::int as count from ${JOBS_SCHEMA}.job group by 1, 2 order by 1, 2`,
        [],
      );
      return (res.rows as { queue: string; state: string; count: number }[]).map((r) => ({ ...r, count: Number(r.count) }));
    } catch {
      // The queue's schema is not there yet (first start): nothing queued.
      return [];
    }
  }

  app.get(
    '/admin/system',
    {
      preHandler: auth.permission('admin:panel'),
      schema: {
        tags: ['Administration'],
        summary: 'System health for administrators: version, database, job queue and mail delivery',
        security: [{ bearerAuth: [] }],
        response: { 200: systemSummaryResponse, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const started = performance.now();
      let ok = true;
      try {
        await database.ping();
      } catch {
        ok = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const [jobs, mailRes, membersRes] = await Promise.all([
        jobCounts(),
        db.execute(sql`select count(*) filter (where sent_at is null and failed_at is null)::int as queued,
                              count(*) filter (where sent_at is not null)::int as sent,
                              count(*) filter (where failed_at is not null)::int as failed,
                              max(sent_at) as last_sent_at
                         from email_outbox`),
        db.execute(sql`select count(*)::int as n from users where role <> 'developer' and erased_at is null`),
      ]);
      const mail = (mailRes as unknown as { rows: { queued: number; sent: number; failed: number; last_sent_at: string | Date | null }[] })
        .rows[0]!;
      const members = (membersRes as unknown as { rows: { n: number }[] }).rows[0]!.n;
      return {
        status: 'success' as const,
        data: {
          version: APP_VERSION,
          schema,
          database: { kind: database.kind, ok, latencyMs },
          node: process.version,
          uptimeSeconds: Math.round(process.uptime()),
          smtpConfigured,
          jobs,
          mail: {
            queued: Number(mail.queued),
            sent: Number(mail.sent),
            failed: Number(mail.failed),
            lastSentAt: mail.last_sent_at ? new Date(mail.last_sent_at).toISOString() : null,
          },
          members: Number(members),
        },
      };
    },
  );
}
