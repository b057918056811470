import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { can, hasRole, type Permission, type Role } from '@church/contract/roles';
import type { ApiKeyPermission } from '@church/contract/developer-tiers';
import type { ApiKeyGate, ApiKeyPrincipal } from '../modules/developers/api-key-gate';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/index';
import type { TokenService } from '../lib/tokens';
import { forbidden, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, once a guard has run (undefined before, null when anonymous). */
    user?: UserRow | null;
    /** The developer API key that authenticated this request, when one did. */
    apiKey?: ApiKeyPrincipal | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    apiKeyGate?: ApiKeyGate;
  }
}

/** Reads the bearer token (or ?token= for the WebSocket handshake) and loads the user. */
export async function userFromToken(db: Db, tokens: TokenService, token: string | undefined): Promise<UserRow | null> {
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const [row] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!row || row.tokenVersion !== claims.tv || !row.isActive) return null;
  return row;
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

async function resolve(request: FastifyRequest, strict: boolean): Promise<UserRow | null> {
  if (request.user !== undefined) return request.user;
  const token = bearerToken(request);
  const user = await userFromToken(request.server.db, request.server.tokens, token);
  if (token && !user && strict) throw unauthorized('Your session has expired or is not valid. Please sign in again.');
  request.user = user;
  return user;
}

/** Who a guard lets through: read by the authorization matrix test and the route table. */
export type Access =
  { kind: 'optional' } | { kind: 'signed-in' } | { kind: 'permission'; permission: Permission } | { kind: 'roles'; roles: readonly Role[] };

const ACCESS = Symbol('route access');
type Guard = preHandlerAsyncHookHandler & { [ACCESS]?: Access };
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
    return async function (this: FastifyInstance, request, reply) {
      const key = apiKeyFromRequest(request);
      if (!key) return personGuard.call(this, request, reply);
      const gate = request.server.apiKeyGate;
      if (!gate) throw unauthorized('API keys are not accepted here');
      request.user = null;
      await gate.authorize(request, reply, key, keyPermission);
    };
  },
};

/** The signed-in user inside a handler guarded by auth.required / permission / roles. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the auth plugin from the route's guard; absent means the route has none (public). */
    access?: Access;
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
    route.config = { ...(route.config as object), access: accessOf(guards[guards.length - 1]) } as never;
  });
});
