/**
 * The authorization matrix, generated from the route table: every route the
 * server registers × anonymous × every role in contract/src/roles.ts is sent
 * once, and the status must match what server/test/authz/route-access.ts
 * declares for that route (401 for anonymous on a signed-in route, 403 for a
 * role the permission table leaves out, and neither for anyone allowed).
 * Ownership cases (another member's object) follow the matrix.
 *
 * A route without an entry fails here with the exact line to add.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type Role } from '@church/contract/roles';
import { PRICING_TIERS, keyPermissions, type ApiKeyPermission, type PricingTier } from '@church/contract/developer-tiers';
import type { Access } from '../../src/plugins/auth';
import { createTestApp, createUser, type TestApp } from '../test-app';
import { API_KEY_ROUTES, OWNERSHIP_CASES, ROUTE_ACCESS, type RouteAccess } from './route-access';

interface RegisteredRoute {
  key: string;
  method: string;
  url: string;
  access: Access | undefined;
  apiKeyPermission: ApiKeyPermission | undefined;
}

let routes: RegisteredRoute[] = [];
let t: TestApp;
const tokens = new Map<Role, string>();
/** A developer API key of each pricing tier (X-API-Key), next to the people. */
type KeyPrincipal = `api-key:${PricingTier}`;
const KEY_PRINCIPALS = PRICING_TIERS.map((tier) => `api-key:${tier}` as KeyPrincipal);
const PRINCIPALS = ['anonymous', ...ROLES, ...KEY_PRINCIPALS] as const;
type Principal = (typeof PRINCIPALS)[number];
const apiKeys = new Map<KeyPrincipal, string>();
const isKey = (who: Principal): who is KeyPrincipal => who.startsWith('api-key:');

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable.flatMap((r) =>
    [r.method]
      .flat()
      // HEAD mirrors GET (Fastify adds it); OPTIONS is CORS preflight.
      .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
      .map((method) => ({
        key: `${method} ${r.url}`,
        method,
        url: r.url,
        access: r.config?.access,
        apiKeyPermission: r.config?.apiKeyPermission,
      })),
  );
  for (const role of ROLES) tokens.set(role, (await createUser(t, { role })).token);
  // One key of each tier, made the way a developer makes them (the developer portal's endpoint).
  const developer = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  for (const tier of PRICING_TIERS) {
    const res = await t.request({
      method: 'POST',
      url: '/api/developers/api-keys',
      token: developer.token,
      payload: { name: `matrix ${tier}`, pricingTier: tier },
    });
    if (res.statusCode !== 201) throw new Error(`could not create a ${tier} key: ${res.statusCode} ${res.body}`);
    apiKeys.set(`api-key:${tier}`, res.json().data.apiKey.key);
  }
}, 120_000);
afterAll(() => t?.close());

/** A concrete URL for a route pattern: ids become random UUIDs, other parameters a plain word. */
function concrete(url: string): string {
  return url
    .replace(/:id(?=\/|$)/g, () => crypto.randomUUID())
    .replace(/:[A-Za-z]+(?=\/|$)/g, 'sample')
    .replace(/\*$/, 'sample');
}

/** What an engineer would write for a route, from its guard: a starting point to check, not a rubber stamp. */
function suggestion(r: RegisteredRoute): string {
  const a = r.access;
  const value =
    !a || a.kind === 'optional'
      ? "'public'"
      : a.kind === 'signed-in'
        ? "'signed-in'"
        : a.kind === 'permission'
          ? `'${a.permission}'`
          : `{ roles: [${a.roles.map((x) => `'${x}'`).join(', ')}] }`;
  return `  '${r.key}': ${value},`;
}

function allowed(access: RouteAccess, who: Principal, r: RegisteredRoute): boolean {
  if (isKey(who)) {
    // A key opens only the public API routes its tier holds; anywhere else it is no one (anonymous).
    const permission = API_KEY_ROUTES[r.key];
    if (!permission) return allowed(access, 'anonymous', r);
    // The keys are a self-registered developer's, unapproved: a paid tier is its read-only trial (keyPermissions).
    const tier = who.slice('api-key:'.length) as PricingTier;
    if (!keyPermissions({ tier, createdAt: new Date(), approvedAt: null }).includes(permission)) return false;
    // A key that writes acts as its owner (here a self-registered developer) and may do only what that person may.
    return permission.startsWith('read:') || allowed(access, 'developer', r);
  }
  const rule = typeof access === 'object' && 'access' in access ? access.access : access;
  if (rule === 'public') return true;
  if (who === 'anonymous') return false;
  if (rule === 'signed-in') return true;
  if (typeof rule === 'object') return who === 'superadmin' || rule.roles.includes(who);
  return can({ role: who }, rule);
}

describe('authorization matrix', () => {
  it('every registered route has an entry in route-access.ts', () => {
    const missing = routes.filter((r) => !(r.key in ROUTE_ACCESS));
    expect(
      missing.map((r) => r.key),
      `Add these lines to server/test/authz/route-access.ts (check each against the spec):\n${missing.map(suggestion).join('\n')}\n`,
    ).toEqual([]);
  });

  it('the public API routes (auth.withApiKey) are exactly those API_KEY_ROUTES names, with the same key permission', () => {
    const registered = Object.fromEntries(routes.filter((r) => r.apiKeyPermission).map((r) => [r.key, r.apiKeyPermission]));
    expect(
      registered,
      'Keep API_KEY_ROUTES in server/test/authz/route-access.ts in step with the routes guarded by auth.withApiKey',
    ).toEqual(API_KEY_ROUTES);
  });

  it('every entry in route-access.ts is a registered route', () => {
    const registered = new Set(routes.map((r) => r.key));
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => !registered.has(k));
    expect(stale, 'These entries name no route any more: remove them from route-access.ts').toEqual([]);
  });

  it('each route answers each principal as its entry says', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const r of routes) {
      const access = ROUTE_ACCESS[r.key];
      if (access === undefined) continue;
      const options = typeof access === 'object' && 'access' in access ? access : undefined;
      if (options?.websocket) continue; // /ws: its handshake is tested in realtime/ (token checked before upgrade)
      for (const who of PRINCIPALS) {
        const may = allowed(access, who, r);
        // Allowed callers of a route with side effects are not sent: only refusals are checked there.
        if (may && options?.onlyRefusals) continue;
        cells += 1;
        const res = await t.request({
          method: r.method as 'GET',
          url: concrete(r.url),
          ...(who === 'anonymous' ? {} : isKey(who) ? { headers: { 'x-api-key': apiKeys.get(who)! } } : { token: tokens.get(who as Role) }),
        });
        // A key refused on a public API route is known (403: its tier lacks the permission); elsewhere it is anonymous.
        const refusedAs = who === 'anonymous' || (isKey(who) && !API_KEY_ROUTES[r.key]) ? '401' : '403';
        const expected = may ? 'not 401/403' : refusedAs;
        const ok = may ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === Number(expected);
        if (!ok || res.statusCode >= 500) wrong.push(`${r.key} as ${who}: expected ${expected}, got ${res.statusCode}`);
      }
    }
    console.log(
      `[authz] matrix: ${routes.length} routes × ${PRINCIPALS.length} principals (anonymous, ${ROLES.length} roles, ${KEY_PRINCIPALS.length} API-key tiers); ${cells} requests sent`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe('ownership: a member cannot touch another member’s object', () => {
  it.each(OWNERSHIP_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const owner = await createUser(t, { role: 'member' });
    const other = await createUser(t, { role: 'member' });
    const request = await c.setup(t, owner.token);
    const res = await t.request({ ...request, token: other.token });
    expect(c.refusedWith).toContain(res.statusCode);
    if (c.verify) await c.verify(t, owner.token);
  });
});
