import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { auditPort } from '../care/audit-port';
import { networksRoutes } from './networks/routes';
import { createNetworksService } from './networks/service';
import { groupPictureRoutes } from './picture';
import { createGroupsRepository } from './repository';
import { groupsRoutes } from './routes';
import { createGroupsService } from './service';

/** Groups and home cells (issue 34): one line in modules.ts. */
export async function registerGroups(api: FastifyInstance, ctx: AppContext) {
  const service = createGroupsService({ db: ctx.db, repo: createGroupsRepository(ctx.db), audit: auditPort });
  await api.register(groupsRoutes, { service });
  await api.register(groupPictureRoutes, { service, uploadDir: ctx.config.uploadDir });
  await api.register(networksRoutes, { service: createNetworksService({ db: ctx.db, audit: auditPort }), db: ctx.db });
  return { service };
}
