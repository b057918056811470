import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app';
import { authRoutes } from './modules/auth/routes';
import { createAuthRepository } from './modules/auth/repository';
import { createAuthService } from './modules/auth/service';
import { healthRoutes } from './modules/health/routes';

/**
 * Every feature module, registered under /api. Each one is handed exactly
 * what it uses from the context — one line (or a few) per feature.
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await api.register(healthRoutes, { database: ctx.database });
  await api.register(authRoutes, {
    service: createAuthService({
      repo: createAuthRepository(ctx.db),
      tokens: ctx.tokens,
      limiter: ctx.limiter,
      mailer: ctx.mailer,
      log: api.log,
      publicUrl: ctx.config.publicUrl,
      login: ctx.config.login,
    }),
  });
}
