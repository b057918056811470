import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { batched } from '../lib/batched';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { can, hasRole, type Permission, type Role } from '@church/contract/roles';
import type { ApiKeyPermission } from '@church/contract/developer-tiers';
import type { ApiKeyGate, ApiKeyPrincipal } from '../modules/developers/api-key-gate';
import type { Db } from '../db/client';
import { userSessions, users, type UserRow } from '../db/schema/index';
import { SESSION_TOUCH_MS, touchSession } from '../modules/auth/sessions';
import type { TokenService } from '../lib/tokens';
import { forbidden, unauthorized } from '../lib/errors';
import { SECURITY_TEXTS } from '@church/contract/security-settings';
import { TWO_FACTOR_TEXTS } from '@church/contract/two-factor';
import type { UserCache } from './user-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once a guard has run (undefined before, null when anonymous). */
    user?: SessionUser | null;
    /** The developer API key that authenticated this request, when one did. */
    apiKey?: ApiKeyPrincipal | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    apiKeyGate?: ApiKeyGate;
    /** What this church's own security settings withhold from this person beyond the role table (modules/security). */
    withheldPermissions?: (user: SessionUser) => Promise<ReadonlySet<Permission>>;
  }
}

/**
 * The permissions a church may withhold from a role through its security settings (issue 29: named giving
 * from pastors). Only guards of these ask the settings, so no other request pays for the lookup.
 */
export const WITHHOLDABLE: ReadonlySet<Permission> = new Set<Permission>(['giving:named']);

/** May the caller do this, the role table and this church's withholdings both considered? */
export async function callerCan(request: FastifyRequest, permission: Permission): Promise<boolean> {
  const user = request.user;
  if (!user || !can(user, permission)) return false;
  if (!WITHHOLDABLE.has(permission) || !request.server.withheldPermissions) return true;
  return !(await request.server.withheldPermissions(user)).has(permission);
}

/**
 * Field-level access (issue 29): what a presenter asks about the caller. One answer per permission for the
 * whole request, so a presenter leaves out every part the caller may not see, never zeroes it.
 */
export async function callerPermissions(request: FastifyRequest, wanted: readonly Permission[]): Promise<(p: Permission) => boolean> {
  const granted = new Set<Permission>();
  for (const p of wanted) if (await callerCan(request, p)) granted.add(p);
  return (p) => {
    if (!wanted.includes(p)) throw new Error(`callerPermissions: ${p} was not asked for`);
    return granted.has(p);
  };
}

/**
 * What a request knows of the signed-in person: what the guards decide on (role, permissions, active, token
 * version) and what handlers take from the caller (name, e-mail for audit and mail), never the rest of the
 * row — no pastoral notes, address or birthday riding along on every request (and in the embedded
 * database's user cache). A handler that needs more of the person reads it by id.
 */
export const sessionColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  permissions: users.permissions,
  status: users.status,
  isActive: users.isActive,
  tokenVersion: users.tokenVersion,
  twoFactorEnabledAt: users.twoFactorEnabledAt,
} as const;
export type SessionUser = Pick<UserRow, keyof typeof sessionColumns> & {
  /** The sign-in (user_sessions.id) the request's token belongs to; absent for an API key's owner. */
  sessionId?: string;
};
/** The person as their session's lookup finds them: the session's id and last use ride along. */
export type SessionRow = SessionUser & { sessionId: string; lastUsedAt: Date };

/**
 * Every signed-in request looks its user up. Concurrent lookups share one statement (lib/batched.ts: one
 * round trip per turn of the event loop, as fresh as a query per request), prepared once per database
 * (drizzle builds the SQL once, PostgreSQL plans it once per connection) — the profile of a signed-in list
 * put the round trips and drizzle's query building above the queries themselves (bench/reports/speed.md).
 */
function batchedById<Row extends { id: string }>(db: Db, name: string, columns?: Record<string, unknown>) {
  const select = columns ? db.select(columns as typeof sessionColumns) : db.select();
  const statement = select
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(name);
  return batched(async (ids: string[]) => {
    // Ids come from verified tokens (UUIDs only, lib/tokens.ts): safe in an array literal.
    const rows = (await statement.execute({ ids: `{${[...new Set(ids)].join(',')}}` })) as unknown as Row[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Each caller its own copy: a handler that changes its request.user cannot change another's.
    return ids.map((id) => {
      const row = byId.get(id);
      return row && { ...row };
    });
  });
}
/**
 * The person behind each of many session ids, in one statement: the session joined to its user, only while
 * it is not revoked. The same one round trip a signed-in request made before sessions existed (the user's
 * row), so revocation costs a request nothing more.
 */
function batchedBySession(db: Db, name: string) {
  const statement = db
    .select({ ...sessionColumns, sessionId: userSessions.id, lastUsedAt: userSessions.lastUsedAt })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(sql`${userSessions.id} = any(${sql.placeholder('ids')}::uuid[]) and ${userSessions.revokedAt} is null`)
    .prepare(name);
  return batched(async (ids: string[]) => {
    // Ids come from verified tokens (UUIDs only, lib/tokens.ts): safe in an array literal.
    const rows = (await statement.execute({ ids: `{${[...new Set(ids)].join(',')}}` })) as SessionRow[];
    const byId = new Map(rows.map((r) => [r.sessionId, r]));
    return ids.map((id) => {
      const row = byId.get(id);
      return row && { ...row };
    });
  });
}
interface Lookups {
  session: (sid: string) => Promise<SessionRow | undefined>;
  whole: (id: string) => Promise<UserRow | undefined>;
}
const userLookups = new WeakMap<Db, Lookups>();
function userById(db: Db): Lookups {
  let lookups = userLookups.get(db);
  if (!lookups) {
    lookups = {
      session: batchedBySession(db, 'auth_sessions_by_ids'),
      whole: batchedById<UserRow>(db, 'auth_user_rows_by_ids'),
    };
    userLookups.set(db, lookups);
  }
  return lookups;
}

/** The signed-in user cache of each app's database (app.ts sets it; plugins/user-cache.ts says why it stays right). */
const userCaches = new WeakMap<Db, UserCache>();
export const useUserCache = (db: Db, cache: UserCache) => void userCaches.set(db, cache);

/**
 * Reads the bearer token (or ?token= for the WebSocket handshake) and loads the user through the token's
 * session: a revoked or missing session opens nothing, nor does a token whose version or account moved on.
 * Once every SESSION_TOUCH_MS a request also records the session's last use (one write).
 */
export async function userFromToken(db: Db, tokens: TokenService, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const cache = userCaches.get(db);
  let row = cache?.get(claims.sid);
  if (!row) {
    const epoch = cache?.epoch();
    row = await userById(db).session(claims.sid);
    if (row && cache) cache.put(row, epoch!);
  }
  if (!row || row.id !== claims.sub || row.tokenVersion !== claims.tv || !row.isActive) return null;
  const now = new Date();
  if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
    await touchSession(db, row.sessionId, now);
    cache?.touched(row.sessionId, now);
  }
  const { lastUsedAt: _lastUsed, ...user } = row;
  return user;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** An API key from X-API-Key, or a bearer token that is an API key (spec 002 §6: either header). */
export function apiKeyFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const bearer = bearerToken(request);
  return bearer?.startsWith('chk_') ? bearer : undefined;
}

/** The roles this church requires two-factor sign-in for, per database (modules.ts sets it from the security settings). */
const twoFactorRoles = new WeakMap<Db, () => Promise<ReadonlySet<Role>>>();
export const useTwoFactorRoles = (db: Db, roles: () => Promise<ReadonlySet<Role>>) => void twoFactorRoles.set(db, roles);

/** Must this person set up two-factor sign-in before anything else (their role requires it, they have none)? */
export async function twoFactorSetupRequired(db: Db, user: Pick<SessionUser, 'role' | 'twoFactorEnabledAt'>): Promise<boolean> {
  if (user.twoFactorEnabledAt) return false;
  const roles = twoFactorRoles.get(db);
  return roles ? (await roles()).has(user.role as Role) : false;
}

/**
 * What a person who must set up two-factor sign-in may still reach (issue 29): who they are, signing out,
 * their profile, and the enrolment itself. Every other route answers 403 — decided here, in the one place
 * every guard passes, so no route can forget it (the chat socket asks twoFactorSetupRequired itself).
 */
const OPEN_BEFORE_TWO_FACTOR = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/members/profile',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/enrolment',
  'PUT /api/auth/two-factor',
]);

async function resolve(request: FastifyRequest, strict: boolean): Promise<SessionUser | null> {
  if (request.user !== undefined) return request.user;
  const token = bearerToken(request);
  let user = await userFromToken(request.server.db, request.server.tokens, token);
  if (token && !user && strict) throw unauthorized('Your session has expired or is not valid. Please sign in again.');
  if (
    user &&
    !OPEN_BEFORE_TWO_FACTOR.has(`${request.method} ${request.routeOptions.url}`) &&
    (await twoFactorSetupRequired(request.server.db, user))
  ) {
    if (strict) throw forbidden(TWO_FACTOR_TEXTS.setupRequired);
    // A route open to everyone answers them as it answers a visitor.
    user = null;
  }
  request.user = user;
  return user;
}

/** Who a guard lets through: read by the authorization matrix test and the route table. */
export type Access =
  { kind: 'optional' } | { kind: 'signed-in' } | { kind: 'permission'; permission: Permission } | { kind: 'roles'; roles: readonly Role[] };

const ACCESS = Symbol('route access');
const API_KEY_PERMISSION = Symbol('api key permission');
type Guard = preHandlerAsyncHookHandler & { [ACCESS]?: Access; [API_KEY_PERMISSION]?: ApiKeyPermission };
const guard = (access: Access, fn: preHandlerAsyncHookHandler): Guard => Object.assign(fn, { [ACCESS]: access });
export const accessOf = (fn: unknown): Access | undefined => (typeof fn === 'function' ? (fn as Guard)[ACCESS] : undefined);

/**
 * Route guards. Every route names one of these, from the permission table in
 * contract/roles.ts — the server is the real gate; the web only mirrors it.
 * Routes write them as `preHandler`; the auth plugin moves them to
 * preValidation so a caller without the right learns nothing from the
 * body's validation errors (401/403 come before 400).
 */
export const auth = {
  /** Anonymous allowed; a valid token identifies the caller (an invalid one is ignored). */
  optional: guard({ kind: 'optional' }, async (request) => {
    await resolve(request, false);
  }),
  /** Any signed-in user. */
  required: guard({ kind: 'signed-in' }, async (request) => {
    const user = await resolve(request, true);
    if (!user) throw unauthorized();
  }),
  permission(permission: Permission): preHandlerAsyncHookHandler {
    return guard({ kind: 'permission', permission }, async (request) => {
      const user = await resolve(request, true);
      if (!user) throw unauthorized();
      if (!can(user, permission)) throw forbidden();
      if (WITHHOLDABLE.has(permission) && !(await callerCan(request, permission)))
        throw forbidden(WITHHELD_MESSAGES[permission] ?? undefined);
    });
  },
  roles(roles: readonly Role[]): preHandlerAsyncHookHandler {
    return guard({ kind: 'roles', roles }, async (request) => {
      const user = await resolve(request, true);
      if (!user) throw unauthorized();
      if (user.role !== 'superadmin' && !hasRole(user, roles)) throw forbidden();
    });
  },
  /**
   * Routes of the public API. A request carrying an API key is decided by
   * the key's tier (it must hold `keyPermission`, within its rate limits);
   * any other request goes through `personGuard` as before.
   */
  withApiKey(keyPermission: ApiKeyPermission, personGuard: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
    const fn = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = apiKeyFromRequest(request);
      if (!key) return personGuard.call(this, request, reply);
      const gate = request.server.apiKeyGate;
      if (!gate) throw unauthorized('API keys are not accepted here');
      request.user = null;
      await gate.authorize(request, reply, key, keyPermission);
      if (keyPermission.startsWith('write:')) await actAsKeyOwner(request, personGuard);
    };
    // A guard like the others (it runs before validation, the route table records it), plus the key permission.
    return Object.assign(fn, { [ACCESS]: accessOf(personGuard), [API_KEY_PERMISSION]: keyPermission }) as Guard;
  },
};

const WITHHELD_MESSAGES: Partial<Record<Permission, string>> = { 'giving:named': SECURITY_TEXTS.namedGivingHidden };

export const KEY_OWNER_CANNOT_WRITE =
  "This API key writes on behalf of the account that created it, and that account may not make this change in the church. Ask the church's administrator.";

/**
 * A key that writes acts as the person who created it, within BOTH its tier
 * (checked by the gate) and what that person may do in the church (the route's
 * own guard, run against the owner). Anyone can register as a developer, so a
 * tier alone must never let a stranger's key change members, events or
 * sermons: a plain developer's key reads; a key made by someone the church
 * trusts with the change (a superadmin, or an account granted the permission)
 * writes, and the audit log names that account.
 */
async function actAsKeyOwner(request: FastifyRequest, personGuard: preHandlerAsyncHookHandler) {
  const [owner] = await request.server.db.select(sessionColumns).from(users).where(eq(users.id, request.apiKey!.userId)).limit(1);
  if (!owner || !owner.isActive) throw forbidden(KEY_OWNER_CANNOT_WRITE);
  const access = accessOf(personGuard);
  const permitted =
    !access || access.kind === 'optional' || access.kind === 'signed-in'
      ? true
      : access.kind === 'permission'
        ? can(owner, access.permission)
        : owner.role === 'superadmin' || hasRole(owner, access.roles);
  if (!permitted) throw forbidden(KEY_OWNER_CANNOT_WRITE);
  request.user = owner;
}

/**
 * The signed-in person's whole row, for the few routes that show or check more than a session carries
 * (their own profile, their password): read now, and refused like the token if the account changed since.
 */
export async function currentUserRow(request: FastifyRequest): Promise<UserRow> {
  const me = currentUser(request);
  // Batched and prepared like the session's lookup: on the embedded database a fresh `select *` of the
  // row (built, planned, 30 columns mapped) cost ~1.5 ms, most of GET /auth/me (bench/reports/speed-notes.md).
  const row = await userById(request.server.db).whole(me.id);
  if (!row || !row.isActive || row.tokenVersion !== me.tokenVersion) throw unauthorized();
  return row;
}

/** The signed-in user inside a handler guarded by auth.required / permission / roles. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the auth plugin from the route's guard; absent means the route has none (public). */
    access?: Access;
    /** Set for routes of the public API (auth.withApiKey): the permission a developer key's tier must hold. */
    apiKeyPermission?: ApiKeyPermission;
  }
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: TokenService }) => {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('user', undefined);
  app.decorateRequest('apiKey', null);
  // Guards run before body validation, and each route records who may call it.
  app.addHook('onRoute', (route) => {
    const pre = asArray(route.preHandler as preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[] | undefined);
    const guards = pre.filter((fn) => accessOf(fn));
    if (!guards.length) return;
    route.preHandler = pre.filter((fn) => !accessOf(fn)) as never;
    route.preValidation = [...guards, ...asArray(route.preValidation as never)] as never;
    const last = guards[guards.length - 1] as Guard;
    route.config = {
      ...(route.config as object),
      access: accessOf(last),
      ...(last[API_KEY_PERMISSION] ? { apiKeyPermission: last[API_KEY_PERMISSION] } : {}),
    } as never;
  });
});
