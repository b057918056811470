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
import { createApprovedKey, createTestApp, createUser, type TestApp } from '../test-app';
import { API_KEY_ROUTES, OWNERSHIP_CASES, ROUTE_ACCESS, type RouteAccess } from './route-access';
import { FIELD_ACCESS } from './field-access';
import { NEVER, NEVER_EXCEPT } from './role-expectations';
import { donations, prayers } from '../../src/db/schema/index';

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
/** Response keys each principal saw on each GET route that answered it 200 (the field-level check). */
const fieldsSeen = new Map<string, Map<Principal, Set<string>>>();
/** The status each principal got from each route (the role-expectations check reads them). */
const answers = new Map<string, Map<Principal, number>>();

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
  // Something in the lists, so the field check sees their items' keys (a gift for the giving parts, a prayer).
  const giver = await createUser(t, { role: 'member', name: 'Matrix Giver' });
  await t.database.db.insert(donations).values({ userId: giver.user.id, amountCents: 25_000, fund: 'Building', status: 'completed' });
  await t.database.db
    .insert(prayers)
    .values({ userId: giver.user.id, title: 'Matrix prayer', description: 'For the matrix', status: 'pending' });
  // One key of each tier, made the way a developer makes them (the developer portal's endpoint), its paid plan
  // approved by the church (unapproved, every paid key is a Free key: plan-approval.test.ts).
  const developer = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  for (const tier of PRICING_TIERS)
    apiKeys.set(`api-key:${tier}`, (await createApprovedKey(t, developer.token, tier, `matrix ${tier}`)).key);
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
    // The keys are a self-registered developer's, their plans approved: each holds its tier's permissions (keyPermissions).
    const tier = who.slice('api-key:'.length) as PricingTier;
    if (!keyPermissions({ tier, createdAt: new Date(), approvedAt: new Date() }).includes(permission)) return false;
    // A key that writes acts as its owner (here a self-registered developer) and may do only what that person may.
    return permission.startsWith('read:') || allowed(access, 'developer', r);
  }
  const rule = typeof access === 'object' && 'access' in access ? access.access : access;
  if (rule === 'public') return true;
  // A kiosk's routes answer only its own key (X-Kiosk-Key): a person's token or an API key is nobody there.
  if (rule === 'kiosk') return false;
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
        const refusedAs = who === 'anonymous' || access === 'kiosk' || (isKey(who) && !API_KEY_ROUTES[r.key]) ? '401' : '403';
        const expected = may ? 'not 401/403' : refusedAs;
        const ok = may ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === Number(expected);
        if (!ok || res.statusCode >= 500) wrong.push(`${r.key} as ${who}: expected ${expected}, got ${res.statusCode}`);
        answers.set(r.key, (answers.get(r.key) ?? new Map<Principal, number>()).set(who, res.statusCode));
        if (r.method === 'GET' && res.statusCode === 200 && String(res.headers['content-type']).includes('json')) {
          const seen = fieldsSeen.get(r.key) ?? new Map<Principal, Set<string>>();
          seen.set(who, keyPaths(res.json()));
          fieldsSeen.set(r.key, seen);
        }
      }
    }
    console.log(
      `[authz] matrix: ${routes.length} routes × ${PRINCIPALS.length} principals (anonymous, ${ROLES.length} roles, ${KEY_PRINCIPALS.length} API-key tiers); ${cells} requests sent`,
    );
    expect(wrong).toEqual([]);
  }, 300_000);

  it('no route admits a role its family must never admit (role-expectations.ts, written from the roles’ descriptions)', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes) {
      if (NEVER_EXCEPT.has(r.key)) continue;
      for (const rule of NEVER.filter((n) => n.match(r.key))) {
        for (const role of rule.roles) {
          checked += 1;
          const status = answers.get(r.key)?.get(role);
          // A refusal-only route was not sent to those route-access.ts allows: that entry is itself the mistake.
          if (status === undefined || (status !== 401 && status !== 403))
            wrong.push(`${r.key} as ${role}: ${status ?? 'allowed by route-access.ts'} — never: ${rule.why}`);
        }
      }
    }
    console.log(`[authz] never-admit rules: ${checked} route × role refusals checked against the roles' descriptions`);
    expect(checked).toBeGreaterThan(400);
    expect(wrong).toEqual([]);
  });
});

/** Every key path of an answer: `data.members[].email`; the items of a list are merged. */
function keyPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${prefix}[]`, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${k}` : k;
      out.add(path);
      keyPaths(v, path, out);
    }
  return out;
}

describe('authorization matrix: response fields per role (field-access.ts)', () => {
  it('each role sees exactly the fields its permissions give, on every route that answers several roles', () => {
    const wrong: string[] = [];
    let routesChecked = 0;
    let fieldsChecked = 0;
    for (const [route, seen] of fieldsSeen) {
      const declared = FIELD_ACCESS[route] ?? {};
      // People and keys are different views (a key's is its own presenter): each group compared within itself.
      for (const group of [ROLES as readonly Principal[], KEY_PRINCIPALS as readonly Principal[]]) {
        const answered = group.filter((who) => seen.has(who));
        if (answered.length < 2) continue;
        routesChecked += 1;
        for (const who of answered) {
          const keys = seen.get(who)!;
          for (const [path, permission] of Object.entries(declared)) {
            fieldsChecked += 1;
            const may = !isKey(who) && can({ role: who }, permission);
            if (keys.has(path) !== may) wrong.push(`${route} as ${who}: ${path} ${may ? 'missing' : `shown without ${permission}`}`);
          }
        }
        // Every undeclared key: the same for all the roles the route answers.
        const undeclared = (who: Principal) =>
          [...seen.get(who)!].filter((k) => !Object.keys(declared).some((d) => k === d || k.startsWith(`${d}.`) || k.startsWith(`${d}[]`)));
        const reference = new Set(undeclared(answered[0]!));
        for (const who of answered.slice(1)) {
          const mine = new Set(undeclared(who));
          fieldsChecked += reference.size;
          // A list one caller sees empty (rows they may not see) says nothing of its items' fields: row-level, not field-level.
          const itemsOf = (k: string) => k.slice(0, k.lastIndexOf('[]') + 2);
          const comparable = (k: string, other: Set<string>) => !k.includes('[]') || [...other].some((o) => o.startsWith(itemsOf(k)));
          const diff = [
            ...[...mine].filter((k) => !reference.has(k) && comparable(k, reference)),
            ...[...reference].filter((k) => !mine.has(k) && comparable(k, mine)),
          ];
          if (diff.length)
            wrong.push(
              `${route}: ${who} and ${answered[0]} differ in undeclared fields ${diff.join(', ')} — declare them in field-access.ts`,
            );
        }
      }
    }
    console.log(`[authz] fields: ${routesChecked} route views answered by several principals, ${fieldsChecked} field checks`);
    expect(wrong).toEqual([]);
  });
});

describe('ownership: a member cannot touch another member’s object', () => {
  it.each(OWNERSHIP_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const role = c.role ?? 'member';
    const owner = await createUser(t, { role, ...(role === 'developer' ? { permissions: ['api:access'] } : {}) });
    const other = await createUser(t, { role, ...(role === 'developer' ? { permissions: ['api:access'] } : {}) });
    const request = await c.setup(t, owner.token);
    const res = await t.request({ ...request, token: other.token });
    expect(c.refusedWith).toContain(res.statusCode);
    if (c.verify) await c.verify(t, owner.token);
  });
});
