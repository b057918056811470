import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARE_ALERT_TEXTS, careAlertsResponse, groupSettingsResponse, groupSettingsSchema, type CareAlert } from '@church/contract/groups';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { can } from '@church/contract/roles';
import type { Db } from '../../../db/client';
import { forbidden, notFound } from '../../../lib/errors';
import { auth, currentUser } from '../../../plugins/auth';
import type { AuditFn } from '../../care/audit-port';
import { runsGroup } from '../presenter';
import type { GroupsService } from '../service';
import { driftSetting } from './nightly';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['Groups'];
const security = [{ bearerAuth: [] }];
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

interface AlertRow {
  id: string;
  group_id: string;
  group_name: string;
  user_id: string;
  user_name: string;
  missed: number;
  last_attended_at: string | Date | null;
  raised_at: string | Date;
  assignee_id: string | null;
  assignee_name: string | null;
}
const presentAlert = (r: AlertRow): CareAlert => ({
  _id: r.id,
  id: r.id,
  groupId: r.group_id,
  groupName: r.group_name,
  person: { _id: r.user_id, id: r.user_id, name: r.user_name },
  missed: r.missed,
  lastAttendedAt: r.last_attended_at ? new Date(r.last_attended_at).toISOString() : null,
  raisedAt: new Date(r.raised_at).toISOString(),
  assignee: r.assignee_id ? { _id: r.assignee_id, id: r.assignee_id, name: r.assignee_name ?? '' } : null,
});
const selectAlerts = sql`
  select a.id, a.group_id, g.name as group_name, a.user_id, u.name as user_name, a.missed, a.last_attended_at, a.raised_at,
         a.assignee_id, s.name as assignee_name
    from group_care_alerts a join groups g on g.id = a.group_id join users u on u.id = a.user_id
    left join users s on s.id = a.assignee_id`;

/** Follow-ups for people drifting away (raised by the nightly check) and the church's N. */
export async function groupCareRoutes(appBase: FastifyInstance, o: { db: Db; groups: GroupsService; audit: AuditFn }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  /** Who may see and close a group's follow-ups: its leaders, its overseers, the church office and pastoral care. */
  const mayCare = async (user: ReturnType<typeof currentUser>, groupId: string) => {
    if (can(user, 'care:notes')) return;
    const { view } = await o.groups.visible(user, groupId);
    if (!runsGroup(view) && view !== 'overseer') throw forbidden('Only the group’s leaders and overseers see its follow-ups');
  };

  app.get(
    '/groups/:id/care-alerts',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Open follow-ups for members who stopped coming (leaders, overseers, pastoral care)',
        params: idParams,
        response: { 200: careAlertsResponse, ...errors },
      },
    },
    async (request) => {
      await mayCare(currentUser(request), request.params.id);
      const rows = rowsOf<AlertRow>(
        await o.db.execute(
          sql`${selectAlerts} where a.group_id = ${request.params.id}::uuid and a.resolved_at is null order by a.raised_at, a.id`,
        ),
      );
      return { status: 'success' as const, data: { alerts: rows.map(presentAlert) } };
    },
  );
  app.post(
    '/groups/care-alerts/:id/done',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Mark a follow-up done (someone called or visited)',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [alert] = rowsOf<AlertRow>(
        await o.db.execute(sql`${selectAlerts} where a.id = ${request.params.id}::uuid and a.resolved_at is null`),
      );
      if (!alert) throw notFound(CARE_ALERT_TEXTS.notFound);
      await mayCare(user, alert.group_id);
      await o.db.transaction(async (tx) => {
        await tx.execute(sql`
          update group_care_alerts set resolution = 'done', resolved_at = now(), resolved_by = ${user.id}::uuid
           where id = ${alert.id}::uuid and resolved_at is null`);
        await o.audit(tx, {
          actor: user,
          action: 'group.care_done',
          entityType: 'member',
          entityId: alert.user_id,
          summary: `${alert.user_name} — ${alert.group_name}`,
          before: { alertId: alert.id, missed: alert.missed },
          after: { resolution: 'done' },
        });
      });
      return { status: 'success' as const, message: CARE_ALERT_TEXTS.done };
    },
  );
  app.get(
    '/groups/settings',
    {
      preHandler: auth.permission('groups:manage'),
      schema: { tags, security, summary: 'The church’s group settings', response: { 200: groupSettingsResponse, ...errors } },
    },
    async () => ({ status: 'success' as const, data: { settings: { driftAfterMeetings: await driftSetting(o.db) } } }),
  );
  app.put(
    '/groups/settings',
    {
      preHandler: auth.permission('groups:manage'),
      schema: {
        tags,
        security,
        summary: 'Set how many meetings missed running raise a follow-up (0: off)',
        body: groupSettingsSchema,
        response: { 200: groupSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const before = await driftSetting(o.db);
      await o.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into group_settings (id, drift_after_meetings, updated_by, updated_at) values (1, ${request.body.driftAfterMeetings}, ${user.id}::uuid, now())
          on conflict (id) do update set drift_after_meetings = excluded.drift_after_meetings, updated_by = excluded.updated_by, updated_at = now()`);
        await o.audit(tx, {
          actor: user,
          action: 'group.settings_changed',
          entityType: 'group_settings',
          entityId: '1',
          before: { driftAfterMeetings: before },
          after: request.body,
        });
      });
      return { status: 'success' as const, message: CARE_ALERT_TEXTS.settingsSaved, data: { settings: request.body } };
    },
  );
}
