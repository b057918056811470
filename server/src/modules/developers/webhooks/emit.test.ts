import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, webhookDeliveries, webhooks } from '../../../db/schema/index';
import { JOBS_SCHEMA } from '../../../jobs/executor';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../../test/test-app';
import { createJobQueue } from '../../../jobs/queue';
import { createWebhookDelivery, DELIVER_JOB } from './delivery-worker';
import { createWebhooksService } from './webhooks-service';

/**
 * Feature modules record domain events in the transaction that makes the
 * change, and the webhooks subscriber turns each into one delivery row and
 * one queued webhooks.deliver job per endpoint that may hear of it; a
 * rolled-back change leaves neither. Two endpoints listen to everything: a stranger's
 * (a self-registered developer with a Professional key) and the church's own
 * (its superadmin's). What each receives follows the REST API's rules for its
 * owner (audience.ts).
 */
let t: TestApp;
let admin: { token: string };
let pastor: { token: string };
let stranger: { token: string; id: string; hook: string };
let church: { token: string; id: string; hook: string };
const ALL = ['member.created', 'member.updated', 'donation.received', 'donation.refunded', 'event.created', 'prayer.approved'];

async function owner(role: 'developer' | 'superadmin') {
  const u = await createUser(t, { role, permissions: role === 'developer' ? ['api:access'] : [] });
  await createApprovedKey(t, u.token, 'professional', 'plan');
  // The endpoint row is made directly (the SSRF guard and the subscription rules are tested in webhooks.test.ts).
  const [h] = await t.database.db
    .insert(webhooks)
    .values({
      userId: u.user.id,
      name: role,
      url: 'https://93.184.216.34/hooks',
      events: ALL,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })
    .returning();
  return { token: u.token, id: u.user.id, hook: h!.id };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  pastor = await createUser(t, { role: 'pastor' });
  stranger = await owner('developer');
  church = await owner('superadmin');
});
afterAll(() => t.close());

async function deliveries(hookId: string) {
  // Modules record domain events; the webhooks subscriber turns them into deliveries on the job queue.
  await t.ctx.jobs.drain({ names: t.ctx.events.queues() });
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, hookId))
    .orderBy(asc(webhookDeliveries.createdAt));
}
async function queuedJobs() {
  const res = await t.database.db.execute(
    sql.raw(`select data->>'deliveryId' as id from ${JOBS_SCHEMA}.job where name = '${DELIVER_JOB}' and state = 'created'`),
  );
  return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}
type Sent = { type: string; data: { object: Record<string, unknown>; previous?: Record<string, unknown> } };
async function last(hookId: string, type: string) {
  const d = (await deliveries(hookId)).filter((x) => x.eventType === type).at(-1)!;
  expect(d, type).toBeDefined();
  expect(await queuedJobs(), `${type} has its first attempt queued`).toContain(d.id);
  return d.payload as Sent;
}
const count = async (hookId: string) => (await deliveries(hookId)).length;
const counts = async () => ({ stranger: await count(stranger.hook), church: await count(church.hook) });

async function agree(token: string, kind: 'directory_listing' | 'public_prayers', granted = true) {
  const res = await t.request({ method: 'PUT', url: '/api/members/preferences', token, payload: { preferences: [{ kind, granted }] } });
  expect(res.statusCode).toBe(200);
}

describe('webhook events from the feature modules, to whom the REST API would show them', () => {
  it('member.* only about members listed in the directory, and only what a key may read of them', async () => {
    const before = await counts();
    const reg = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Thandi Nkosi', email: 'thandi.webhook@example.org', password: 'Correct-Horse-42', phone: '+27 82 555 0101' },
    });
    expect(reg.statusCode).toBe(201);
    // A new member has not agreed to the directory (the default): GET /api/members with a key would not list her, so no webhook tells of her.
    expect(await counts()).toEqual(before);
    const token = json(reg).token as string;
    const profile = (name: string) =>
      t.request({ method: 'PUT', url: '/api/members/profile', token, payload: { name, email: 'thandi.webhook@example.org' } });
    expect((await profile('Thandi N.')).statusCode).toBe(200);
    expect(await counts()).toEqual(before);

    await agree(token, 'directory_listing');
    expect((await profile('Thandi Nkosi-Dube')).statusCode).toBe(200);
    for (const hook of [stranger.hook, church.hook]) {
      const updated = await last(hook, 'member.updated');
      expect(updated.data.object.name).toBe('Thandi Nkosi-Dube');
      expect(updated.data.previous!.name).toBe('Thandi N.');
      expect(Object.keys(updated.data.object).sort()).toEqual(
        ['_id', 'id', 'isVolunteer', 'joinDate', 'ministryInterests', 'name', 'role', 'status'].sort(),
      );
      expect(JSON.stringify(updated)).not.toMatch(/thandi\.webhook@|555 0101|passwordHash/);
    }
    // A developer account is never a member event.
    const mid = await counts();
    await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Dev Person', email: 'dev.webhook@example.org', password: 'Correct-Horse-42', role: 'developer' },
    });
    expect(await counts()).toEqual(mid);
  });

  it("member.updated when a leader changes a listed member's role, with the previous role", async () => {
    const member = await createUser(t, { role: 'member' });
    await agree(member.token, 'directory_listing');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/members/${member.user.id}/role`,
      token: admin.token,
      payload: { role: 'deacon' },
    });
    expect(res.statusCode).toBe(200);
    const updated = await last(stranger.hook, 'member.updated');
    expect(updated.data.object).toMatchObject({ id: member.user.id, role: 'deacon' });
    expect(updated.data.previous).toMatchObject({ id: member.user.id, role: 'member' });
    // The same role again changes nothing and sends nothing.
    const before = await counts();
    await t.request({ method: 'PATCH', url: `/api/members/${member.user.id}/role`, token: admin.token, payload: { role: 'deacon' } });
    expect(await counts()).toEqual(before);
  });

  it('event.created when a leader adds an event', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/events',
      token: pastor.token,
      payload: { title: 'Youth Braai', date: '2031-03-14', time: '10:00', type: 'social', location: 'Church grounds' },
    });
    expect(res.statusCode).toBe(201);
    for (const hook of [stranger.hook, church.hook])
      expect((await last(hook, 'event.created')).data.object).toMatchObject({ title: 'Youth Braai', location: 'Church grounds' });
  });

  it('prayer.approved for a public prayer only, with the name only when the asker agreed (consent public_prayers)', async () => {
    const member = await createUser(t, { role: 'member', name: 'Sipho Webhook' });
    const ask = async (isPublic: boolean) =>
      json(
        await t.request({
          method: 'POST',
          url: '/api/prayers',
          token: member.token,
          payload: { title: isPublic ? 'Healing for my mother' : 'A private matter', description: 'Please pray with us', isPublic },
        }),
      ).data.prayer.id as string;
    const approve = (id: string) =>
      t.request({ method: 'PATCH', url: `/api/prayers/${id}/status`, token: pastor.token, payload: { status: 'approved' } });
    const open = await ask(true);
    const hidden = await ask(false);
    const before = await count(stranger.hook);
    for (const id of [open, hidden]) expect((await approve(id)).statusCode).toBe(200);
    expect(await count(stranger.hook)).toBe(before + 1);
    expect((await last(stranger.hook, 'prayer.approved')).data.object).toMatchObject({
      id: open,
      title: 'Healing for my mother',
      isPublic: true,
      submittedBy: 'Anonymous',
    });
    await agree(member.token, 'public_prayers');
    const named = await ask(true);
    await approve(named);
    expect((await last(stranger.hook, 'prayer.approved')).data.object).toMatchObject({ id: named, submittedBy: 'Sipho Webhook' });
  });

  it('donation.* only to an owner who may read giving: the church, never a self-registered developer', async () => {
    const before = await counts();
    const batch = json(
      await t.request({ method: 'POST', url: '/api/giving/batches', token: admin.token, payload: { label: 'Sunday', countedTotal: 250 } }),
    ).data.batch;
    const add = await t.request({
      method: 'POST',
      url: `/api/giving/batches/${batch.id}/donations`,
      token: admin.token,
      payload: { donorName: 'Offering plate', amount: 250, fund: 'General', method: 'cash' },
    });
    expect(add.statusCode).toBe(201);
    const received = await last(church.hook, 'donation.received');
    expect(received.data.object).toMatchObject({ amountCents: 25_000, amount: 250, fund: 'General', status: 'completed', currency: 'ZAR' });
    const [row] = await t.database.db
      .select()
      .from(donations)
      .where(and(eq(donations.batchId, batch.id)));
    const refund = await t.request({
      method: 'POST',
      url: `/api/donations/${row!.id}/refund`,
      token: admin.token,
      payload: { reason: 'Counted twice' },
    });
    expect(refund.statusCode).toBe(200);
    const refunded = await last(church.hook, 'donation.refunded');
    expect(refunded.data.object.status).toBe('refunded');
    expect(refunded.data.previous!.status).toBe('completed');
    expect(await counts()).toEqual({ stranger: before.stranger, church: before.church + 2 });
  });

  it("the stranger's log holds nothing private: no giving, no unlisted member, no name without consent", async () => {
    const all = await deliveries(stranger.hook);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((d) => d.eventType.startsWith('donation.'))).toEqual([]);
    const text = JSON.stringify(all.map((d) => d.payload));
    expect(text).not.toMatch(/amountCents|Offering plate|thandi\.webhook@|email|phone|address|notes/);
    // Thandi: her sign-up and her first rename happened before she agreed to the directory; only the change after it went out.
    expect(text.match(/"name":"Thandi Nkosi"/g)).toBeNull();
    expect(all.filter((d) => JSON.stringify(d.payload).includes('Thandi'))).toHaveLength(1);
    // And a developer cannot ask for donations: the subscription is refused with what to do instead.
    const res = await t.request({
      method: 'POST',
      url: '/api/developers/webhooks',
      token: stranger.token,
      payload: { name: 'Giving', url: 'https://93.184.216.34/x', events: ['donation.received'] },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toMatch(/only an account that may see giving/);
  });

  it('nothing for an endpoint whose owner has no webhook plan now (no live paid key, or a paid plan not approved)', async () => {
    const lapsed = await owner('developer');
    const before = await count(lapsed.hook);
    await t.database.db.execute(sql`update api_keys set approved_at = null where user_id = ${lapsed.id}`);
    await t.request({
      method: 'POST',
      url: '/api/events',
      token: pastor.token,
      payload: { title: 'Unapproved plan', date: '2031-04-14', time: '10:00', type: 'social', location: 'Hall' },
    });
    expect(await count(lapsed.hook)).toBe(before);
    expect((await last(church.hook, 'event.created')).data.object.title).toBe('Unapproved plan');
  });

  it('a rolled-back change leaves no delivery and no job', async () => {
    const before = { rows: await count(church.hook), jobs: (await queuedJobs()).length };
    // The same emit the modules call, on a queue of the test's own over the same database.
    const jobs = createJobQueue({ database: t.database, log: { info: () => {}, error: () => {} } });
    const delivery = createWebhookDelivery({
      db: t.database.db,
      jobs,
      resolve: async () => [],
      connector: async () => ({ status: 200 }),
      allowedHosts: [],
      log: { warn: () => {}, error: () => {} },
    });
    const service = createWebhooksService({ db: t.database.db, resolve: async () => [], allowedHosts: [], delivery });
    await jobs.ready();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(donations).values({ donorName: 'Rolled back', amountCents: 100, status: 'completed' });
        expect(await service.emit('donation.received', { id: 'x' }, undefined, tx)).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await jobs.stop();
    expect({ rows: await count(church.hook), jobs: (await queuedJobs()).length }).toEqual(before);
  });

  it("the app's own queue, drained, reaches no public address: the test server's connector refuses it", async () => {
    await t.ctx.jobs.drain({ names: [DELIVER_JOB] });
    const sent = await deliveries(church.hook);
    expect(sent.length).toBeGreaterThan(0);
    for (const d of sent) {
      expect(d.attempts).toBe(1);
      expect(d.error).toBe('Test servers send webhooks to loopback only (refused 93.184.216.34)');
    }
  });
});
