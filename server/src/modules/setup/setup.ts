import crypto from 'node:crypto';
import { originOf, startSession } from '../auth/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sessionResponse } from '@church/contract/auth';
import { errorResponses } from '@church/contract/http';
import { setupRequest, setupStatusResponse, SETUP_TEXTS } from '@church/contract/setup';
import { FOUNDED_STAT } from '@church/contract/site-content';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import { CHANGES_HOME_PAGE } from '../../plugins/home-render';
import { presentUser } from '../users/presenter';
import type { SettingsService } from '../settings/service';

/**
 * The setup code: the same on every instance (derived from the server secret), so no table
 * holds it, and unknown to anyone who cannot read the server's log. 48 bits: guessing is hopeless.
 */
export const setupCode = (hashKey: Buffer) =>
  crypto.createHmac('sha256', hashKey).update('church-platform:first-run-setup').digest('hex').slice(0, 12);

const administrators = (db: Db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'superadmin']), eq(users.isActive, true)))
    .limit(1);

/**
 * First run (issue 30): while no administrator exists, the church is set up
 * from the browser — its name, time zone, services and first administrator in
 * one transaction, then signed in to finish (logo, card giving) through the
 * ordinary settings calls. Once an administrator exists both routes say so and
 * change nothing.
 */
export async function setupRoutes(
  appBase: FastifyInstance,
  opts: { db: Db; hashKey: Buffer; tokens: TokenService; settings: SettingsService; publicUrl: string },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const needed = async () => (await administrators(opts.db)).length === 0;
  const code = setupCode(opts.hashKey);

  // Whoever starts the server sees where to go and the code to give.
  app.afterStart(async () => {
    if (await needed().catch(() => false))
      app.log.warn(`No administrator yet: set the church up at ${opts.publicUrl}/setup with the setup code ${code}`);
  });

  app.get(
    '/setup',
    { schema: { tags: ['Setup'], summary: 'Whether this install still needs its first-run setup (no sign-in)', response: { 200: setupStatusResponse } } },
    async () => ({ status: 'success' as const, data: { needed: await needed() } }),
  );

  app.post(
    '/setup',
    {
      // The church's name and services are on the home page, and its "not set up yet" note goes.
      config: CHANGES_HOME_PAGE,
      schema: {
        tags: ['Setup'],
        summary: 'Set up a new install: church name, time zone, services and the first administrator (only while none exists)',
        description: "Needs the setup code the server prints in its log. Answers like a sign-in: the new administrator's token and user.",
        body: setupRequest,
        response: { 201: sessionResponse, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const given = Buffer.from(body.code.toLowerCase());
      if (given.length !== code.length || !crypto.timingSafeEqual(given, Buffer.from(code))) throw badRequest(SETUP_TEXTS.badCode);
      const passwordHash = await hashPassword(body.admin.password);
      const user = await opts.db.transaction(async (tx) => {
        // Two browsers finishing at once: the second waits here, then finds the first one's administrator.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('church-platform:first-run-setup'))`);
        if ((await administrators(tx as unknown as Db)).length) throw conflict(SETUP_TEXTS.alreadySetUp);
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.admin.email));
        if (taken) throw conflict('An account with this email already exists');
        const [row] = await tx
          .insert(users)
          .values({ name: body.admin.name, email: body.admin.email, passwordHash, role: 'admin' })
          .returning();
        return row!;
      });
      const { updatedAt: _u, ...current } = await opts.settings.get();
      await opts.settings.save(
        {
          ...current,
          churchName: body.churchName,
          timeZone: body.timeZone,
          services: body.services,
          // With a year, the home page shows it beside the counted figures.
          ...(body.founded
            ? { founded: body.founded, homeStats: [...current.homeStats.filter((s) => s.source !== 'founded'), FOUNDED_STAT].slice(-4) }
            : {}),
        },
        user.id,
      );
      const token = await startSession(opts.db, opts.tokens, user, originOf(request));
      return reply.code(201).send({ status: 'success' as const, message: SETUP_TEXTS.done, token, user: presentUser(user) });
    },
  );
}
