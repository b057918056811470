import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { auditPort } from '../care/audit-port';
import { defineGroupsNightly } from './care/nightly';
import { groupCareRoutes } from './care/routes';
import { createAttendanceSync } from './meetings/sync';
import { meetingsRoutes } from './meetings/routes';
import { createMeetingsService } from './meetings/service';
import { generateMeetings } from './meetings/schedule';
import { networksRoutes } from './networks/routes';
import { createNetworksService } from './networks/service';
import { groupPictureRoutes } from './picture';
import { runsGroup } from './presenter';
import { createGroupsRepository } from './repository';
import { groupsRoutes } from './routes';
import { createGroupsService } from './service';

/** Groups and home cells (issue 34): one line in modules.ts. */
export async function registerGroups(api: FastifyInstance, ctx: AppContext, timeZone: () => Promise<string>) {
  const emit = ctx.events.emit;
  const service = createGroupsService({
    db: ctx.db,
    repo: createGroupsRepository(ctx.db),
    audit: auditPort,
    onMembership: async (tx, { groupId, userId, joined }) => {
      await emit(tx, joined ? 'group.member_joined' : 'group.member_left', { groupId, memberId: userId });
    },
    onSchedule: async (tx, groupId, tz) => void (await generateMeetings(tx, tz, { groupId })),
    timeZone,
  });
  await api.register(groupsRoutes, { service });
  await api.register(groupPictureRoutes, { service, uploadDir: ctx.config.uploadDir });
  await api.register(networksRoutes, { service: createNetworksService({ db: ctx.db, audit: auditPort }), db: ctx.db });
  const sync = createAttendanceSync({
    db: ctx.db,
    audit: auditPort,
    timeZone,
    emit,
    runs: async (user, groupId, tx) =>
      service.visible(user, groupId, tx).then(
        ({ view }) => runsGroup(view),
        () => false,
      ),
  });
  await api.register(meetingsRoutes, { service: createMeetingsService({ db: ctx.db, groups: service }), sync });
  await api.register(groupCareRoutes, { db: ctx.db, groups: service, audit: auditPort });
  // Each night: meetings from the schedules, then the check for people drifting away (tests send the job themselves).
  const nightly = defineGroupsNightly({ jobs: ctx.jobs, db: ctx.db, timeZone });
  if (ctx.config.env !== 'test')
    api.afterStart(async () => {
      await nightly.schedule().catch((err) => api.log.error({ err }, 'could not queue the groups nightly run'));
    });
  return { service, nightly };
}
