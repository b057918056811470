/**
 * WHO MAY CALL EACH ROUTE — the expectations of the authorization matrix
 * (server/test/authz/authorization-matrix.test.ts). Every route the server
 * registers needs one line here; the test fails for a route without one and
 * prints the line to add.
 *
 * How to add an entry: `'METHOD /path': rule,` with the path exactly as the
 * route is registered (including /api and :params). The rule is one of
 *   'public'          anyone, signed in or not
 *   'signed-in'       any signed-in user (anonymous → 401)
 *   'members:read'    a permission name from contract/src/roles.ts: the roles the
 *                     table grants it get through, every other role → 403
 *   { roles: [...] }  exactly these roles (and superadmin)
 * or { access: rule, onlyRefusals: true } for a route with side effects worth
 * avoiding in a sweep (only the refusals are sent), { access: rule, websocket: true }
 * for the socket. Expected statuses are derived from the roles table, so a
 * permission change in roles.ts changes the matrix by itself.
 *
 * Ownership (another member's object) goes in OWNERSHIP_CASES below: create the
 * object as its owner, call as someone else, name the refusal statuses.
 */
import type { InjectOptions } from 'fastify';
import type { Permission, Role } from '@church/contract/roles';
import { notifications } from '../../src/db/schema/index';
import { createUser, type TestApp } from '../test-app';

type Rule = 'public' | 'signed-in' | Permission | { roles: readonly Role[] };
export type RouteAccess = Rule | { access: Rule; onlyRefusals?: boolean; websocket?: boolean };

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // Routes landed by the pastor-area, giving and developer-portal work (rules taken from each route's guard).
  'DELETE /api/developers/api-keys/:id': 'api:access',
  'DELETE /api/developers/webhooks/:id': 'api:access',
  'DELETE /api/events/:id': 'events:manage',
  'DELETE /api/events/:id/attendance/:userId': 'events:manage',
  'GET /api/care/alert-preferences': 'care:notes',
  'GET /api/care/follow-up': 'care:notes',
  'GET /api/care/inbox': 'care:notes',
  'GET /api/care/visits': 'care:notes',
  'GET /api/dashboard/pastor': 'pastor:dashboard',
  'GET /api/developers/analytics': 'api:access',
  'GET /api/developers/api-keys': 'api:access',
  'GET /api/developers/webhooks': 'api:access',
  'GET /api/developers/webhooks/:id/deliveries': 'api:access',
  'GET /api/donations': 'finance:read',
  'GET /api/donations/:id': 'finance:read',
  'GET /api/donations/export': { access: 'finance:read', onlyRefusals: true },
  'GET /api/events/:id/attendance': 'events:manage',
  'GET /api/giving/batches': 'finance:read',
  'GET /api/giving/batches/:id': 'finance:read',
  'GET /api/giving/certificates': 'finance:read',
  'GET /api/giving/certificates/:id/pdf': 'signed-in',
  'GET /api/giving/certificates/deliverability': 'finance:read',
  'GET /api/giving/certificates/mine': 'signed-in',
  'GET /api/giving/certificates/zip': { access: 'finance:manage', onlyRefusals: true },
  'GET /api/giving/funds': 'signed-in',
  'GET /api/giving/it3d': { access: 'finance:manage', onlyRefusals: true },
  'GET /api/giving/options': 'signed-in',
  'GET /api/giving/subscriptions': 'signed-in',
  'GET /api/giving/tax-profile': 'signed-in',
  'GET /api/giving/tax-settings': 'finance:read',
  'GET /api/leadership': 'people:roles',
  'GET /api/plans': 'public',
  'GET /api/prayers/:id': 'signed-in',
  'GET /api/pricing/plans': 'public',
  'GET /api/volunteers': 'people:roles',
  'PATCH /api/care/visits/:id/follow-up': 'care:notes',
  'PATCH /api/developers/webhooks/:id': 'api:access',
  'PATCH /api/giving/funds/:id': 'finance:manage',
  'POST /api/api-keys': 'api:access',
  'POST /api/care/visits': 'care:notes',
  'POST /api/developers/api-keys': 'api:access',
  'POST /api/developers/verify-key': 'public',
  'POST /api/developers/webhooks': 'api:access',
  'POST /api/developers/webhooks/:id/deliveries/:deliveryId/replay': 'api:access',
  'POST /api/developers/webhooks/:id/rotate-secret': 'api:access',
  'POST /api/developers/webhooks/:id/test': { access: 'api:access', onlyRefusals: true },
  'POST /api/donations/:id/correct': 'finance:manage',
  'POST /api/donations/:id/match': 'finance:manage',
  'POST /api/donations/:id/refund': 'finance:manage',
  'POST /api/events': 'events:manage',
  'POST /api/events/:id/attendance': 'events:manage',
  'POST /api/giving/:id/cancel': 'signed-in',
  'POST /api/giving/batches': 'finance:manage',
  'POST /api/giving/batches/:id/close': 'finance:manage',
  'POST /api/giving/batches/:id/donations': 'finance:manage',
  'POST /api/giving/certificates/email': { access: 'finance:manage', onlyRefusals: true },
  'POST /api/giving/certificates/generate': { access: 'finance:manage', onlyRefusals: true },
  'POST /api/giving/funds': 'finance:manage',
  'POST /api/giving/subscriptions/:id/cancel': 'signed-in',
  'PUT /api/care/alert-preferences': 'care:notes',
  'PUT /api/events/:id': 'events:manage',
  'PUT /api/giving/tax-profile': 'signed-in',
  'PUT /api/giving/tax-settings': 'finance:manage',
  // Prometheus: its own guard (METRICS_TOKEN or a signed-in user with ops:read).
  'GET /metrics': 'ops:read',
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  // Whole-church backup: its own guard (ops:backup); allowed callers would start a real backup.
  'GET /api/ops/backup': { access: 'ops:backup', onlyRefusals: true },
  'GET /api/admin/audit': 'audit:read',
  'GET /api/outbox': 'outbox:read',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/me': 'signed-in',
  'PATCH /api/auth/update-password': 'signed-in',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/settings/public': 'public',
  'GET /api/settings/church-info': 'public',
  'GET /api/settings': 'settings:write',
  'POST /api/settings': 'settings:write',
  'POST /api/visitors': 'public',
  'GET /api/visitors/stats': 'visitors:read',
  'GET /api/visitors/recent': 'visitors:read',
  'PATCH /api/visitors/:id/status': 'visitors:read',
  'POST /api/contact-messages': 'public',
  'GET /api/contact-messages': 'contact:read',
  'GET /api/events': 'public',
  'GET /api/events/:id': 'public',
  'GET /api/sermons/public': 'public',
  'GET /api/sermons/public/:id': 'public',
  'GET /api/sermons/series': 'public',
  'GET /api/sermons/video/:file': 'public',
  'GET /api/sermons/audio/:file': 'public',
  'GET /api/sermons/thumbnail/:file': 'public',
  'GET /api/members/profile': 'signed-in',
  'PUT /api/members/profile': 'signed-in',
  'GET /api/members/stats': 'signed-in',
  'GET /api/members': 'members:read',
  'GET /api/prayers': 'signed-in',
  'GET /api/prayers/all': 'prayers:moderate',
  'GET /api/prayers/stats': 'prayers:moderate',
  'POST /api/prayers': 'signed-in',
  'PATCH /api/prayers/:id/status': 'prayers:moderate',
  'PATCH /api/prayers/:id/priority': 'prayers:moderate',
  'POST /api/giving': 'signed-in',
  'GET /api/giving/user-stats': 'signed-in',
  'GET /api/giving/user-history': 'signed-in',
  'GET /api/giving': 'church:insights',
  'GET /api/notifications/user': 'signed-in',
  'PATCH /api/notifications/:id/read': 'signed-in',
  'PATCH /api/notifications/read-all': { access: 'signed-in', onlyRefusals: true },
  'GET /api/analytics/engagement': 'pastor:dashboard',
  'POST /api/events/:id/register': 'signed-in',
  'GET /api/events/:id/registrations': 'events:attendees',
  'GET /api/bible/daily-verse': 'public',
  'GET /api/bible/versions': 'public',
  'GET /api/bible/search': 'public',
  'GET /api/bible/:version/books.json': 'public',
  'GET /api/bible/:version/:book/:chapter': 'public',
  'POST /api/bible/translations': { access: 'bible:import', onlyRefusals: true },
  'GET /api/chat/rooms': 'signed-in',
  'POST /api/chat/rooms': 'chat:initialize',
  'POST /api/chat/rooms/initialize': { access: 'chat:initialize', onlyRefusals: true },
  'GET /api/chat/rooms/:id/messages': 'signed-in',
  'POST /api/chat/rooms/:id/messages': 'signed-in',
  'POST /api/chat/rooms/:id/join': 'signed-in',
  'POST /api/chat/rooms/:id/leave': 'signed-in',
  'GET /api/chat/rooms/:id/info': 'signed-in',
  'GET /api/chat/rooms/:id/search': 'signed-in',
  'POST /api/chat/rooms/:id/read': 'signed-in',
  'POST /api/chat/messages/:id/react': 'signed-in',
  'GET /api/chat/stats': 'signed-in',
  'POST /api/chat/rooms/:id/files': 'signed-in',
  'GET /api/chat/files/:id': 'signed-in',
  // The chat socket: its token is checked in the upgrade handshake (realtime/ tests and the Origin check).
  'GET /ws': { access: 'signed-in', websocket: true },
  // Routes landed by other engineers while this file was written: taken from their guards; owners, please check.
  'GET /api/sermons': 'public',
  'POST /api/sermons': 'church:manage',
  'GET /api/sermons/all': 'church:manage',
  'GET /api/sermons/stats': 'church:manage',
  'GET /api/sermons/:id': 'church:manage',
  'PUT /api/sermons/:id': 'church:manage',
  'PATCH /api/sermons/:id/publish': 'church:manage',
  'PATCH /api/sermons/:id/unpublish': 'church:manage',
  'DELETE /api/sermons/:id': 'church:manage',
  'GET /api/sermons/preparations': 'church:manage',
  'GET /api/sermons/preparations/:id': 'church:manage',
  'POST /api/sermons/preparations': 'church:manage',
  'PUT /api/sermons/preparations/:id': 'church:manage',
  'DELETE /api/sermons/preparations/:id': 'church:manage',
  'GET /api/announcements/active': 'signed-in',
  'GET /api/announcements': 'church:manage',
  'POST /api/announcements': 'church:manage',
  'PUT /api/announcements/:id': 'church:manage',
  'PATCH /api/announcements/:id/published': 'church:manage',
  'DELETE /api/announcements/:id': 'church:manage',
  'POST /api/settings/logo': 'settings:write',
  'GET /api/settings/logo/:file': 'public',
  'GET /api/members/preferences': 'signed-in',
  'PUT /api/members/preferences': 'signed-in',
};

export interface OwnershipCase {
  name: string;
  /** Creates the owner's object and returns the request someone else will try. */
  setup(t: TestApp, ownerToken: string): Promise<InjectOptions>;
  refusedWith: number[];
  /** Optional: check the object is unchanged afterwards. */
  verify?(t: TestApp, ownerToken: string): Promise<void>;
}

export const OWNERSHIP_CASES: OwnershipCase[] = [
  {
    name: "marking another member's notification as read",
    async setup(t, ownerToken) {
      const me = (await t.request({ method: 'GET', url: '/api/auth/me', token: ownerToken })).json().data.user;
      const [row] = await t.database.db
        .insert(notifications)
        .values({ userId: me.id, title: 'Choir practice moved', message: 'Now at 18:30' })
        .returning();
      return { method: 'PATCH', url: `/api/notifications/${row!.id}/read` };
    },
    refusedWith: [403, 404],
    async verify(t, ownerToken) {
      const list = (await t.request({ method: 'GET', url: '/api/notifications/user', token: ownerToken })).json().data.notifications;
      if (list[0]?.read !== false && list[0]?.isRead !== false) throw new Error('the owner’s notification was marked read by someone else');
    },
  },
  {
    name: 'downloading a file shared in a room one has not joined',
    async setup(t, ownerToken) {
      const admin = await createUser(t, { role: 'admin' });
      const rooms = (await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).json().data.rooms;
      const room = rooms.find((r: { name: string }) => r.name === 'Prayer Requests');
      await t.request({ method: 'POST', url: `/api/chat/rooms/${room.id}/join`, token: ownerToken });
      const boundary = '----ownership';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        ),
        Buffer.from('Please pray for my mother in hospital'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const sent = await t.request({
        method: 'POST',
        url: `/api/chat/rooms/${room.id}/files`,
        token: ownerToken,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      return { method: 'GET', url: sent.json().data.message.file.url };
    },
    refusedWith: [403, 404],
  },
];
