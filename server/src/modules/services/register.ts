import type { FastifyInstance } from 'fastify';
import { attachmentsRoutes } from './attachments-routes';
import type { ServicesDeps } from './deps';
import { createMeService } from './me-service';
import { createPlansService } from './plans-service';
import { servicesRoutes } from './routes';
import { scheduleRoutes } from './schedule-routes';
import { createScheduleService } from './schedule-service';
import { teamsRoutes } from './teams-routes';
import { createTeamsService } from './teams-service';

/** Sunday's plans and rosters (issue 33): one call from modules.ts. */
export async function registerServices(api: FastifyInstance, deps: ServicesDeps) {
  const plans = createPlansService(deps);
  const schedule = createScheduleService(deps);
  await api.register(servicesRoutes, { plans, deps });
  await api.register(attachmentsRoutes, { plans, deps });
  await api.register(teamsRoutes, { teams: createTeamsService(deps) });
  await api.register(scheduleRoutes, { schedule, me: createMeService(deps) });
  return { plans, schedule };
}
