/**
 * Issue 29, finding 1: an API key may search and filter only by what it may see. The keyed view of a
 * person (members/public-presenter.ts) hides e-mail, phone and the record's creation time, so no search, filter
 * or sort a key sends may test them: otherwise a few hundred requests recover every listed member's
 * contact details one character at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifySchema } from 'fastify';
import { createApprovedKey, createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { API_KEY_ROUTES } from '../../../test/authz/route-access';
import { KEY_QUERY_PARAMETERS } from './key-query-parameters';

let t: TestApp;
let key: string;
let listed: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const dev = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  // A self-registered developer's paid key, approved (the review used an unapproved one, which is now a Free key).
  key = (await createApprovedKey(t, dev.token, 'professional')).key;
  const member = await createUser(t, {
    role: 'member',
    name: 'Thandiwe Mokoena',
    email: 'zq.hidden.mailbox@example.org',
    phone: '082 555 7319',
  });
  listed = { id: member.user.id, name: member.user.name };
  const agree = await t.request({
    method: 'PUT',
    url: '/api/members/preferences',
    token: member.token,
    payload: { preferences: [{ kind: 'directory_listing', granted: true }] },
  });
  expect(agree.statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

const keyed = (url: string) => t.request({ method: 'GET', url, headers: { 'x-api-key': key } });
const ids = (res: { json(): unknown }) => (res.json() as { data: { members: Array<{ id: string }> } }).data.members.map((m) => m.id);

describe('an API key searches only what it sees', () => {
  it('finds a listed member by name', async () => {
    const res = await keyed('/api/members?q=mokoena');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toContain(listed.id);
  });

  it('cannot test a hidden e-mail or phone number through ?q=', async () => {
    for (const q of ['zq.hidden', 'hidden.mailbox@example.org', '@example.org', '5557319', '082 555 7319', '+27825557319', '7319']) {
      const res = await keyed(`/api/members?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(ids(res), `?q=${q} matched a hidden field`).not.toContain(listed.id);
    }
  });

  it('cannot sort by a hidden column (the record’s creation time)', async () => {
    const res = await keyed('/api/members?sort=createdAt');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/sort/);
  });

  it('a leader’s token still searches e-mail and phone (the directory shows them)', async () => {
    const pastor = await createUser(t, { role: 'pastor' });
    for (const q of ['zq.hidden', '0825557319']) {
      const res = await t.request({ method: 'GET', url: `/api/members?q=${encodeURIComponent(q)}`, token: pastor.token });
      expect(ids(res), q).toContain(listed.id);
    }
  });

  it('every query parameter of every keyed read is declared with the visible field it filters on', () => {
    const declared: Record<string, string[]> = {};
    for (const r of t.app.routeTable) {
      const method = [r.method].flat().find((m) => m === 'GET');
      const routeKey = `${method} ${r.url}`;
      if (!method || !API_KEY_ROUTES[routeKey]) continue;
      const shape = ((r.schema as FastifySchema | undefined)?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      declared[routeKey] = Object.keys(shape).sort();
    }
    const expected = Object.fromEntries(Object.entries(KEY_QUERY_PARAMETERS).map(([k, v]) => [k, Object.keys(v).sort()]));
    expect(declared, 'A keyed read took a new query parameter: say in key-query-parameters.ts which visible field it filters on').toEqual(
      expected,
    );
  });
});
