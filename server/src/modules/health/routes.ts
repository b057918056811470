import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const healthResponse = z.object({
  status: z.enum(['success', 'error']),
  data: z.object({
    database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
    uptimeSeconds: z.number(),
  }),
});

export async function healthRoutes(appBase: FastifyInstance, { database }: { database: Database }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    { schema: { tags: ['System'], summary: 'Is the server and its database up?', response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await database.ping();
      } catch {
        ok = false;
      }
      const body = {
        status: ok ? ('success' as const) : ('error' as const),
        data: {
          database: { kind: database.kind, ok, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
}
