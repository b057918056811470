import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { auditLog, visitors } from '../../db/schema/index';
import { VISITOR_SIGNUPS_PER_HOUR } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const register = (payload: object, ip = `10.1.0.${++ipCounter}`) =>
  t.request({ method: 'POST', url: '/api/visitors', payload, remoteAddress: ip });
const valid = {
  firstName: 'Sibusiso',
  lastName: 'Mkhize',
  email: 'Sibu@Example.org',
  phone: '+27821112222',
  firstVisitDate: '2026-03-01',
  howHeard: 'friend',
  interests: ['Sunday Service', 'Bible Study'],
};

describe('POST /api/visitors', () => {
  it('creates a visitor with first visit date, how heard and interests (no sign-in)', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe("Welcome to Our Family! We're excited to have you. Someone will contact you soon.");
    expect(body.data.visitor).toMatchObject({ firstName: 'Sibusiso', lastName: 'Mkhize', firstVisitDate: '2026-03-01' });
    expect(body.data.visitor._id).toBe(body.data.visitor.id);
    // The public answer does not echo contact details back.
    expect(body.data.visitor).not.toHaveProperty('email');
    const [row] = await t.database.db.select().from(visitors);
    expect(row).toMatchObject({
      email: 'sibu@example.org',
      howHeard: 'friend',
      interests: ['Sunday Service', 'Bible Study'],
      status: 'new',
    });
  });

  it('uses today as the first visit date when none is given', async () => {
    const res = await register({ firstName: 'Ann', lastName: 'Kruger', email: 'ann@example.org' });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.visitor.firstVisitDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    [{ ...valid, firstName: '' }, 'First name is required'],
    [{ ...valid, lastName: undefined }, 'Last name is required'],
    [{ ...valid, email: undefined }, 'Email is required'],
    [{ ...valid, email: 'sibu-at-example' }, 'Please enter a valid email address'],
    [{ ...valid, howHeard: 'billboard' }, 'How you heard must be one of: friend, social_media, website, flyer, drive_by, other'],
    [{ ...valid, interests: ['Golf'] }, 'Please choose interests from the list'],
    [{ ...valid, firstVisitDate: '01/03/2026' }, 'First visit date must look like 2026-03-01'],
    [{ ...valid, firstVisitDate: '2026-02-31' }, 'First visit date is not a real date'],
    [{ ...valid, firstVisitDate: '2099-01-01' }, 'First visit date must be within the next year'],
    [{ ...valid, firstName: 'x'.repeat(51) }, 'First name must be 50 characters or less'],
  ])('rejects %o with "%s"', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ status: 'error', message });
  });

  it('rate-limits one address against spam with 429 and Retry-After', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < VISITOR_SIGNUPS_PER_HOUR; i++) {
      expect((await register({ firstName: 'Spam', lastName: `Bot${i}`, email: `bot${i}@example.org` }, ip)).statusCode).toBe(201);
    }
    const res = await register({ firstName: 'Spam', lastName: 'Bot', email: 'bot@example.org' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Someone else is not affected.
    expect((await register({ firstName: 'Real', lastName: 'Person', email: 'real@example.org' })).statusCode).toBe(201);
  });
});

describe('leader endpoints', () => {
  it('require sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/api/visitors/stats' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/visitors/recent' })).statusCode).toBe(401);
  });

  it('refuse members with 403', async () => {
    const { token } = await createUser(t, { role: 'member' });
    expect((await t.request({ method: 'GET', url: '/api/visitors/stats', token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/visitors/recent', token })).statusCode).toBe(403);
    const [v] = await t.database.db.select().from(visitors).limit(1);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/visitors/${v!.id}/status`, token, payload: { status: 'contacted' } })).statusCode,
    ).toBe(403);
  });

  it('give leaders stats, the recent list (default 10) and status changes', async () => {
    const { token } = await createUser(t, { role: 'elder' });
    await t.database.db
      .insert(visitors)
      .values({ firstName: 'Old', lastName: 'Friend', email: 'old@example.org', firstVisitDate: '2020-01-05' });
    const stats = json(await t.request({ method: 'GET', url: '/api/visitors/stats', token })).data;
    expect(stats.totalVisitors).toBeGreaterThanOrEqual(13);
    expect(stats.newThisMonth).toBe(stats.totalVisitors - 2); // the 2026-03-01 and 2020 visitors are earlier months
    const recent = json(await t.request({ method: 'GET', url: '/api/visitors/recent', token })).data.visitors;
    expect(recent).toHaveLength(10);
    expect(recent[0]).toMatchObject({ name: expect.any(String), email: expect.any(String), status: 'new' });
    const two = json(await t.request({ method: 'GET', url: '/api/visitors/recent?limit=2', token })).data.visitors;
    expect(two).toHaveLength(2);
    expect((await t.request({ method: 'GET', url: '/api/visitors/recent?limit=0', token })).statusCode).toBe(400);

    const res = await t.request({ method: 'PATCH', url: `/api/visitors/${recent[0].id}/status`, token, payload: { status: 'contacted' } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.visitor.status).toBe('contacted');
    const bad = await t.request({ method: 'PATCH', url: `/api/visitors/${recent[0].id}/status`, token, payload: { status: 'vip' } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/visitors/00000000-0000-4000-8000-000000000000/status',
      token,
      payload: { status: 'contacted' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a status change is in the audit log with who, before and after (an unchanged status adds nothing)', async () => {
    const leader = await createUser(t, { role: 'pastor', name: 'Pastor Audit' });
    const [v] = await t.database.db
      .insert(visitors)
      .values({ firstName: 'Audit', lastName: 'Me', email: 'audit.me@example.org' })
      .returning();
    const change = (status: string) =>
      t.request({ method: 'PATCH', url: `/api/visitors/${v!.id}/status`, token: leader.token, payload: { status } });
    expect((await change('contacted')).statusCode).toBe(200);
    expect((await change('contacted')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, v!.id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'visitor.updated',
        actorId: leader.user.id,
        actorName: 'Pastor Audit',
        before: { status: 'new' },
        after: { status: 'contacted' },
      }),
    ]);
  });
});

describe('GET /api/visitors/:id', () => {
  it('leaders read one visitor; each read is in the audit log; 404, 400, 401 and 403 otherwise', async () => {
    const elder = await createUser(t, { role: 'elder', name: 'Elder Reader' });
    const [v] = await t.database.db
      .insert(visitors)
      .values({ firstName: 'Read', lastName: 'Me', email: 'read.me@example.org', note: 'Prefers a call' })
      .returning();
    const url = `/api/visitors/${v!.id}`;
    const res = await t.request({ url, token: elder.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.visitor).toMatchObject({ id: v!.id, name: 'Read Me', note: 'Prefers a call', status: 'new' });
    const reads = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, v!.id));
    expect(reads).toEqual([
      expect.objectContaining({ action: 'visitor.viewed', actorId: elder.user.id, summary: 'Opened the visitor record of Read Me' }),
    ]);

    expect((await t.request({ url: '/api/visitors/00000000-0000-4000-8000-000000000000', token: elder.token })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/visitors/not-an-id', token: elder.token })).statusCode).toBe(400);
    expect((await t.request({ url })).statusCode).toBe(401);
    const member = await createUser(t, { role: 'member' });
    expect((await t.request({ url, token: member.token })).statusCode).toBe(403);
    // Refused and missing reads leave no line.
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, v!.id))).toHaveLength(1);
  });
});
