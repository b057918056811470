import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, domainEvents, events, prayers, users, webhookDeliveries, webhooks } from '../../../db/schema/index';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../../test/test-app';

/**
 * No breaking change for integrators (issue 35): since feature modules
 * record domain events and webhooks subscribe to them, every webhook event
 * keeps its name and its payload, key for key and value for value, as it
 * was when modules called the webhooks directly. The expected payloads are
 * written out here by hand from the rows, not built by the code under test.
 */
let t: TestApp;
let hookId: string;
let admin: { token: string };
const ALL = ['member.created', 'member.updated', 'donation.received', 'donation.refunded', 'event.created', 'prayer.approved'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  const owner = await createUser(t, { role: 'superadmin' });
  await createApprovedKey(t, owner.token, 'professional', 'plan');
  const [h] = await t.database.db
    .insert(webhooks)
    .values({
      userId: owner.user.id,
      name: 'church',
      url: 'https://93.184.216.34/hooks',
      events: ALL,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    .returning();
  hookId = h!.id;
});
afterAll(() => t.close());

type Sent = { type: string; timestamp: string; data: { object: Record<string, unknown>; previous?: Record<string, unknown> } };
async function sent(type: string): Promise<Sent> {
  await t.ctx.jobs.drain({ names: t.ctx.events.queues() });
  const rows = await t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hookId))
    .orderBy(asc(webhookDeliveries.createdAt));
  const d = rows.filter((r) => r.eventType === type).at(-1);
  expect(d, type).toBeDefined();
  const p = d!.payload as Sent;
  // The timestamp is the moment the change was recorded (its domain event), as an ISO instant.
  const [event] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, type)).orderBy(asc(domainEvents.occurredAt));
  expect(p.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(event).toBeDefined();
  return p;
}
const publicMember = (u: typeof users.$inferSelect) => ({
  _id: u.id,
  id: u.id,
  name: u.name,
  role: u.role,
  status: u.status,
  isVolunteer: u.isVolunteer,
  joinDate: u.joinDate,
  ministryInterests: u.ministryInterests,
});
const agree = (token: string, kind: string) =>
  t.request({ method: 'PUT', url: '/api/members/preferences', token, payload: { preferences: [{ kind, granted: true }] } });

describe('webhook payloads after the move to domain events', () => {
  it('member.created and member.updated: the public member, and the previous one for an update', async () => {
    const reg = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Lerato Mokoena', email: 'lerato.payload@example.org', password: 'Correct-Horse-42', phone: '082 555 1234' },
    });
    expect(reg.statusCode).toBe(201);
    const token = json(reg).token as string;
    expect((await agree(token, 'directory_listing')).statusCode).toBe(200);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, 'lerato.payload@example.org'));
    const c = await sent('member.created');
    expect({ type: c.type, data: c.data }).toEqual({ type: 'member.created', data: { object: publicMember(created!) } });

    const res = await t.request({
      method: 'PATCH',
      url: `/api/members/${created!.id}/role`,
      token: admin.token,
      payload: { role: 'deacon' },
    });
    expect(res.statusCode).toBe(200);
    const u = await sent('member.updated');
    expect({ type: u.type, data: u.data }).toEqual({
      type: 'member.updated',
      data: { object: { ...publicMember(created!), role: 'deacon' }, previous: publicMember(created!) },
    });
  });

  it('event.created: the event as the public API lists it', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/events',
      token: admin.token,
      payload: { title: 'Youth Braai', date: '2031-03-14', time: '10:00', type: 'social', location: 'Church grounds' },
    });
    expect(res.statusCode).toBe(201);
    const [e] = await t.database.db.select().from(events).where(eq(events.title, 'Youth Braai'));
    const p = await sent('event.created');
    expect({ type: p.type, data: p.data }).toEqual({
      type: 'event.created',
      data: {
        object: {
          id: e!.id,
          title: 'Youth Braai',
          description: e!.description,
          startsAt: e!.startsAt.toISOString(),
          endsAt: e!.endsAt?.toISOString() ?? null,
          time: '10:00',
          location: 'Church grounds',
          type: 'social',
          category: e!.category,
          speaker: e!.speaker,
          maxAttendees: e!.maxAttendees,
          registrationRequired: e!.registrationRequired,
        },
      },
    });
  });

  it('prayer.approved: the public prayer, the asker as they chose to show', async () => {
    const asker = await createUser(t, { role: 'member', name: 'Sipho Payload' });
    const id = json(
      await t.request({
        method: 'POST',
        url: '/api/prayers',
        token: asker.token,
        payload: { title: 'Rain for the farms', description: 'Please pray with us', isPublic: true },
      }),
    ).data.prayer.id as string;
    const ok = await t.request({ method: 'PATCH', url: `/api/prayers/${id}/status`, token: admin.token, payload: { status: 'approved' } });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(prayers).where(eq(prayers.id, id));
    const p = await sent('prayer.approved');
    expect({ type: p.type, data: p.data }).toEqual({
      type: 'prayer.approved',
      data: {
        object: {
          id,
          title: 'Rain for the farms',
          description: 'Please pray with us',
          submittedBy: 'Anonymous',
          status: 'approved',
          isPublic: true,
          createdAt: row!.createdAt.toISOString(),
        },
      },
    });
  });

  it('donation.received and donation.refunded: amount, fund and state, the giver only as an id', async () => {
    const batch = json(
      await t.request({
        method: 'POST',
        url: '/api/giving/batches',
        token: admin.token,
        payload: { label: 'Sunday', countedTotal: 250.5 },
      }),
    ).data.batch;
    const add = await t.request({
      method: 'POST',
      url: `/api/giving/batches/${batch.id}/donations`,
      token: admin.token,
      payload: { donorName: 'Offering plate', amount: 250.5, fund: 'General', method: 'cash' },
    });
    expect(add.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(donations).where(eq(donations.batchId, batch.id));
    const gift = {
      id: row!.id,
      amountCents: 25_050,
      amount: 250.5,
      currency: 'ZAR',
      fund: 'General',
      paymentMethod: 'cash',
      frequency: 'one-time',
      status: 'completed',
      memberId: null,
      givenAt: row!.givenAt.toISOString(),
      completedAt: row!.completedAt!.toISOString(),
    };
    const r = await sent('donation.received');
    expect({ type: r.type, data: r.data }).toEqual({ type: 'donation.received', data: { object: gift } });

    const refund = await t.request({
      method: 'POST',
      url: `/api/donations/${row!.id}/refund`,
      token: admin.token,
      payload: { reason: 'Counted twice' },
    });
    expect(refund.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(donations).where(eq(donations.id, row!.id));
    const f = await sent('donation.refunded');
    expect({ type: f.type, data: f.data }).toEqual({
      type: 'donation.refunded',
      data: { object: { ...gift, status: 'refunded', completedAt: after!.completedAt?.toISOString() ?? null }, previous: gift },
    });
  });
});
