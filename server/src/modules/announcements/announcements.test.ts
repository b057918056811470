import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TEXTS } from '@church/contract/announcements';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let pastor: string;
let member: string;
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  pastor = (await createUser(t, { role: 'pastor', name: 'Pastor Lindiwe' })).token;
  member = (await createUser(t, { role: 'member' })).token;
});
afterAll(() => t.close());

const create = (body: object, token = pastor) => t.request({ method: 'POST', url: '/api/announcements', token, payload: body });
const activeTitles = async () =>
  json(await t.request({ method: 'GET', url: '/api/announcements/active', token: member })).data.announcements.map(
    (a: { title: string }) => a.title,
  );

describe('announcements', () => {
  it('creates, edits, publishes and deletes, with the author from the session', async () => {
    const res = await create({
      title: 'Baptism Sunday',
      content: 'Sign up at the welcome desk.',
      priority: 'high',
      startDate: iso(-1),
      endDate: iso(5),
    });
    expect(res.statusCode).toBe(201);
    const a = json(res).data.announcement;
    expect(a).toMatchObject({ title: 'Baptism Sunday', author: 'Pastor Lindiwe', priority: 'high', published: false, active: true });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/announcements/${a.id}`,
      token: pastor,
      payload: { ...a, content: 'Sign up by Friday.' },
    });
    expect(json(edited).data.announcement.content).toBe('Sign up by Friday.');
    const pub = await t.request({
      method: 'PATCH',
      url: `/api/announcements/${a.id}/published`,
      token: pastor,
      payload: { published: true },
    });
    expect(json(pub).data.announcement.published).toBe(true);
    expect(json(await t.request({ method: 'GET', url: '/api/announcements', token: pastor })).data.announcements).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: `/api/announcements/${a.id}`, token: pastor })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/announcements/${a.id}`, token: pastor })).statusCode).toBe(404);
  });

  it('shows members only published announcements inside their Active window', async () => {
    await create({ title: 'Now', content: 'c', startDate: iso(-1), endDate: iso(1), published: true });
    await create({ title: 'Not yet', content: 'c', startDate: iso(1), endDate: iso(3), published: true });
    await create({ title: 'Over', content: 'c', startDate: iso(-3), endDate: iso(-1), published: true });
    await create({ title: 'Draft', content: 'c', startDate: iso(-1), endDate: iso(1), published: false });
    await create({ title: 'Urgent', content: 'c', priority: 'high', startDate: iso(-0.5), endDate: iso(0.5), published: true });
    expect(await activeTitles()).toEqual(['Urgent', 'Now']);
    const list = json(await t.request({ method: 'GET', url: '/api/announcements', token: pastor })).data.announcements;
    expect(Object.fromEntries(list.map((a: { title: string; active: boolean }) => [a.title, a.active]))).toMatchObject({
      Now: true,
      'Not yet': false,
      Over: false,
      Draft: true,
    });
  });

  it('hides an announcement once its endDate has passed: ended a moment ago, or ended early by an edit', async () => {
    const justOver = json(
      await create({
        title: 'Just over',
        content: 'c',
        startDate: iso(-2),
        endDate: new Date(Date.now() - 1_000).toISOString(),
        published: true,
      }),
    ).data.announcement;
    expect(justOver.active).toBe(false);
    const running = json(await create({ title: 'Ending early', content: 'c', startDate: iso(-1), endDate: iso(3), published: true })).data
      .announcement;
    expect(await activeTitles()).toContain('Ending early');
    expect(await activeTitles()).not.toContain('Just over');
    const ended = await t.request({
      method: 'PUT',
      url: `/api/announcements/${running.id}`,
      token: pastor,
      payload: { ...running, endDate: new Date(Date.now() - 1_000).toISOString() },
    });
    expect(ended.statusCode).toBe(200);
    expect(json(ended).data.announcement.active).toBe(false);
    expect(await activeTitles()).not.toContain('Ending early');
  });

  it('validates with clear texts', async () => {
    const noTitle = await create({ title: '', content: 'c', startDate: iso(0), endDate: iso(1) });
    expect(noTitle.statusCode).toBe(400);
    const backwards = await create({ title: 'x', content: 'c', startDate: iso(2), endDate: iso(1) });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(json(backwards))).toContain(ANNOUNCEMENT_TEXTS.endBeforeStart);
    expect((await create({ title: 'x', content: 'c', priority: 'urgent', startDate: iso(0), endDate: iso(1) })).statusCode).toBe(400);
  });

  it('answers 401 without sign-in and 403 to roles below pastor; active ones need sign-in only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/announcements/active' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
    const body = { title: 'x', content: 'c', startDate: iso(0), endDate: iso(1) };
    const id = '00000000-0000-4000-8000-000000000000';
    for (const role of ['member', 'volunteer', 'deacon', 'elder', 'developer'] as const) {
      const { token } = await createUser(t, { role });
      expect((await t.request({ method: 'GET', url: '/api/announcements', token })).statusCode).toBe(403);
      expect((await create(body, token)).statusCode).toBe(403);
      expect((await t.request({ method: 'PUT', url: `/api/announcements/${id}`, token, payload: body })).statusCode).toBe(403);
      expect(
        (await t.request({ method: 'PATCH', url: `/api/announcements/${id}/published`, token, payload: { published: true } })).statusCode,
      ).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `/api/announcements/${id}`, token })).statusCode).toBe(403);
    }
  });
});
