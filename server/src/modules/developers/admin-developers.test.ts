import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TEXTS } from '@church/contract/security-settings';
import { auditLog, notifications } from '../../db/schema/index';
import { createTestApp, createUser, json, TEST_PASSWORD, type TestApp } from '../../../test/test-app';

/**
 * Issue 29, finding 7: the church can stop a developer. Administrators see every key with its owner and
 * usage, revoke anyone's key, disable a developer account (its keys stop at once), and may close
 * developer self-registration. (Across two instances: limits-instances.test.ts.)
 */
let t: TestApp;
let admin: { token: string; id: string };
let pastor: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t, { role: 'admin', name: 'Office Admin' });
  admin = { token: a.token, id: a.user.id };
  pastor = { token: (await createUser(t, { role: 'pastor' })).token };
});
afterAll(() => t.close());

async function developerWithKey(name = 'Sipho Builder') {
  const d = await createUser(t, { role: 'developer', permissions: ['api:access'], name });
  const res = await t.request({ method: 'POST', url: '/api/developers/api-keys', token: d.token, payload: { name: `${name}'s key` } });
  expect(res.statusCode).toBe(201);
  const key = json(res).data.apiKey as { id: string; key: string };
  return { dev: { id: d.user.id, token: d.token, email: d.user.email! }, ...key };
}
const keyed = (key: string) => t.request({ method: 'GET', url: '/api/events', headers: { 'x-api-key': key } });
const listAll = async (include = 'live') =>
  json(await t.request({ method: 'GET', url: `/api/admin/api-keys?include=${include}`, token: admin.token })).data.apiKeys as Array<{
    id: string;
    isActive: boolean;
    usage: { totalRequests: number; lastUsed: string | null };
    owner: { id: string; name: string; email: string; accountEnabled: boolean };
  }>;
const audits = (entityId: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

describe('every API key, for the church', () => {
  it('lists every developer’s keys with their owner and usage; pastors and developers may not', async () => {
    const a = await developerWithKey('Ayanda Apps');
    const b = await developerWithKey('Bongani Bots');
    expect((await keyed(a.key)).statusCode).toBe(200);
    expect((await keyed(a.key)).statusCode).toBe(200);
    // Usage is written in batches (about 50 ms in tests).
    await new Promise((r) => setTimeout(r, 200));
    const keys = await listAll();
    const ka = keys.find((k) => k.id === a.id)!;
    expect(ka.owner).toMatchObject({ id: a.dev.id, name: 'Ayanda Apps', email: a.dev.email, accountEnabled: true });
    expect(ka.usage.totalRequests).toBe(2);
    expect(ka.usage.lastUsed).not.toBeNull();
    expect(keys.find((k) => k.id === b.id)!.usage).toMatchObject({ totalRequests: 0, lastUsed: null });
    // No key material leaves: no hash, no key.
    expect(JSON.stringify(keys)).not.toMatch(/keyHash|key_hash/);
    expect(JSON.stringify(keys)).not.toContain(a.key);

    expect((await t.request({ method: 'GET', url: '/api/admin/api-keys', token: pastor.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/api-keys', token: a.dev.token })).statusCode).toBe(403);
  });
});

describe('revoking another person’s key', () => {
  it('stops the key at once, tells its owner, and is audited; a second revoke is 404', async () => {
    const d = await developerWithKey();
    expect((await keyed(d.key)).statusCode).toBe(200); // verified and cached

    const res = await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${d.id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    const after = await keyed(d.key);
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toMatch(/revoked/);

    const own = json(await t.request({ method: 'GET', url: '/api/developers/api-keys', token: d.dev.token })).data.apiKeys;
    expect(own.map((k: { id: string }) => k.id)).not.toContain(d.id);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, d.dev.id));
    expect(note!.title).toMatch(/revoked one of your API keys/);
    const [entry] = await audits(d.id, 'api_key.revoked_by_admin');
    expect(entry).toMatchObject({ actorId: admin.id, entityType: 'api_key' });
    expect((await listAll()).map((k) => k.id)).not.toContain(d.id);
    expect((await listAll('all')).find((k) => k.id === d.id)!.isActive).toBe(false);

    expect((await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${d.id}`, token: admin.token })).statusCode).toBe(404);
  });

  it('is refused to a pastor and to another developer', async () => {
    const d = await developerWithKey();
    const other = await developerWithKey('Other Dev');
    expect((await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${d.id}`, token: pastor.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/api-keys/${d.id}`, token: other.dev.token })).statusCode).toBe(403);
    expect((await keyed(d.key)).statusCode).toBe(200);
  });
});

describe('disabling a developer account', () => {
  const access = (id: string, enabled: boolean, token = admin.token) =>
    t.request({ method: 'PUT', url: `/api/admin/developers/${id}/access`, token, payload: { enabled } });

  it('stops every key of the account at once, ends its sessions and sign-in, is audited, and can be undone', async () => {
    const d = await developerWithKey();
    const second = await t.request({ method: 'POST', url: '/api/developers/api-keys', token: d.dev.token, payload: { name: 'second' } });
    const key2 = json(second).data.apiKey.key as string;
    for (const k of [d.key, key2]) expect((await keyed(k)).statusCode).toBe(200);

    expect((await access(d.dev.id, false)).statusCode).toBe(200);
    for (const k of [d.key, key2]) {
      const res = await keyed(k);
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toMatch(/disabled the developer account/);
    }
    // The verify-key login says the same.
    const verify = await t.request({ method: 'POST', url: '/api/developers/verify-key', payload: { apiKey: d.key } });
    expect(verify.statusCode).toBe(401);
    // Its session ended, and it cannot sign in again or make new keys.
    expect((await t.request({ method: 'GET', url: '/api/developers/api-keys', token: d.dev.token })).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: d.dev.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect((await listAll()).find((k) => k.id === d.id)!.owner.accountEnabled).toBe(false);
    expect(await audits(d.dev.id, 'developer.disabled')).toHaveLength(1);

    expect((await access(d.dev.id, true)).statusCode).toBe(200);
    expect((await keyed(d.key)).statusCode).toBe(200);
    expect(await audits(d.dev.id, 'developer.enabled')).toHaveLength(1);
  });

  it('applies to developer accounts only, and only administrators may do it', async () => {
    const d = await developerWithKey();
    const member = await createUser(t, { role: 'member' });
    expect((await access(member.user.id, false)).statusCode).toBe(404);
    expect((await access(admin.id, false)).statusCode).toBe(404);
    expect((await access(d.dev.id, false, pastor.token)).statusCode).toBe(403);
    expect((await access(d.dev.id, false, d.dev.token)).statusCode).toBe(403);
    expect((await keyed(d.key)).statusCode).toBe(200);
    const bad = await t.request({ method: 'PUT', url: `/api/admin/developers/${d.dev.id}/access`, token: admin.token, payload: {} });
    expect(bad.statusCode).toBe(400);
  });
});

describe('developer self-registration', () => {
  const register = (email: string, role?: 'developer') =>
    t.request({ method: 'POST', url: '/api/auth/register', payload: { name: 'New Person', email, password: TEST_PASSWORD, role } });

  it('is open by default, and closed when the church turns it off (members still register)', async () => {
    expect((await register('dev.open@example.org', 'developer')).statusCode).toBe(201);
    const off = await t.request({
      method: 'PUT',
      url: '/api/admin/security-settings',
      token: admin.token,
      payload: { developerSelfRegistration: false },
    });
    expect(off.statusCode).toBe(200);
    const refused = await register('dev.closed@example.org', 'developer');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(SECURITY_TEXTS.developerRegistrationClosed);
    expect((await register('member.still@example.org')).statusCode).toBe(201);
    await t.request({ method: 'PUT', url: '/api/admin/security-settings', token: admin.token, payload: { developerSelfRegistration: true } });
    expect((await register('dev.again@example.org', 'developer')).statusCode).toBe(201);
  });
});
