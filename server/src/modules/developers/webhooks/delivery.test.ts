import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, notifications, webhookAttempts, webhookDeliveries, webhooks } from '../../../db/schema/index';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../../test/test-app';
import { createJobQueue } from '../../../jobs/queue';
import { httpConnector, loopbackOnlyConnector, type Connector } from './connector';
import { createWebhookDelivery, DELIVER_JOB, nextAttemptAt, RETRY_SCHEDULE_MS } from './delivery-worker';
import type { Resolver } from './ssrf-guard';
import { createWebhooksService } from './webhooks-service';

/**
 * Delivery mechanics beyond the happy path (webhooks.test.ts has signing,
 * retries, SSRF and replay): the retry schedule, the attempt's deadline
 * against a receiver that never finishes, one attempt at a time even when a
 * job runs twice, giving up (endpoint disabled, owner told), and the audience
 * rules asked again before each attempt.
 */
let t: TestApp;
const silent = { warn: () => {}, error: () => {}, info: () => {} };
const stops: Array<() => Promise<void>> = [];
let dev: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const d = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  dev = { id: d.user.id, token: d.token };
  await createApprovedKey(t, d.token, 'basic', 'p');
});
afterAll(async () => {
  for (const s of stops) await s();
  await t.close();
});

async function stack(o: { connector: Connector; resolve?: Resolver; allowedHosts?: string[]; schedule?: number[]; timeoutMs?: number }) {
  const jobs = createJobQueue({ database: t.database, log: silent });
  const delivery = createWebhookDelivery({
    db: t.database.db,
    jobs,
    log: silent,
    resolve: o.resolve ?? (async () => [{ address: '93.184.216.34', family: 4 }]),
    allowedHosts: o.allowedHosts ?? [],
    schedule: o.schedule ?? [0],
    connector: o.connector,
    timeoutMs: o.timeoutMs,
  });
  const service = createWebhooksService({ db: t.database.db, resolve: async () => [], allowedHosts: [], delivery });
  await jobs.ready();
  stops.push(async () => void (await jobs.stop()));
  return { delivery, service, run: () => jobs.drain({ names: [DELIVER_JOB] }) };
}

/** One endpoint at a time: earlier tests' endpoints (and what is queued for them) go. */
async function endpoint(userId: string, events: string[], url = 'https://hooks.example.com/x') {
  await t.database.db.delete(webhooks);
  const [h] = await t.database.db
    .insert(webhooks)
    .values({ userId, name: 'mechanics', url, events, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
    .returning();
  return h!;
}
async function delivery(webhookId: string, object: Record<string, unknown> = { id: 'e1' }, type = 'event.created') {
  const [d] = await t.database.db
    .insert(webhookDeliveries)
    .values({ webhookId, eventType: type, payload: { type, timestamp: new Date().toISOString(), data: { object } } })
    .returning();
  return d!;
}
const row = async (id: string) => (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

describe('the retry schedule (Standard Webhooks)', () => {
  it('at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then no more', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const mid = (step: number) => nextAttemptAt(step, now, RETRY_SCHEDULE_MS, 0.5)!.getTime() - now.getTime();
    const s = 1000;
    const h = 3600 * s;
    expect(RETRY_SCHEDULE_MS[0]).toBe(0);
    expect(Array.from({ length: 9 }, (_, step) => mid(step))).toEqual([
      5 * s,
      300 * s,
      30 * 60 * s,
      2 * h,
      5 * h,
      10 * h,
      14 * h,
      20 * h,
      24 * h,
    ]);
    expect(nextAttemptAt(9, now)).toBeNull();
  });

  it('with ±10 % jitter, so endpoints that fail together do not retry in lockstep', () => {
    const now = new Date(0);
    expect(nextAttemptAt(3, now, RETRY_SCHEDULE_MS, 0)!.getTime()).toBe(0.9 * 2 * 3_600_000);
    expect(nextAttemptAt(3, now, RETRY_SCHEDULE_MS, 0.999999)!.getTime()).toBeCloseTo(1.1 * 2 * 3_600_000, -2);
    const spread = new Set(Array.from({ length: 50 }, () => nextAttemptAt(1, now)!.getTime()));
    expect(spread.size).toBeGreaterThan(10);
    for (const v of spread) expect(v >= 270_000 && v <= 330_000).toBe(true);
  });
});

describe('the deadline of one attempt (15 s in production, DNS included)', () => {
  /** A receiver on loopback that answers a status line, then trickles headers that never end: an idle timeout would never fire. */
  function trickler() {
    const sockets = new Set<net.Socket>();
    let closed = 0;
    const server = net.createServer((s) => {
      sockets.add(s);
      s.write('HTTP/1.1 200 OK\r\n');
      const timer = setInterval(() => s.write('X-Still-Thinking: yes\r\n'), 50);
      s.on('close', () => {
        clearInterval(timer);
        closed++;
      });
      s.on('error', () => {});
    });
    return {
      closed: () => closed,
      listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port))),
      stop: () =>
        new Promise<void>((r) => {
          for (const s of sockets) s.destroy();
          server.close(() => r());
        }),
    };
  }

  it('a receiver that keeps the connection busy without ever answering is cut at the deadline', async () => {
    const rx = trickler();
    const port = await rx.listen();
    stops.push(rx.stop);
    const s = await stack({ connector: loopbackOnlyConnector(httpConnector), allowedHosts: ['127.0.0.1'], timeoutMs: 600 });
    const h = await endpoint(dev.id, ['event.created'], `http://127.0.0.1:${port}/slow`);
    const d = await delivery(h.id);
    const started = performance.now();
    await s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(550);
    // Bounded by the deadline, not by how long the receiver keeps sending (generous for a loaded machine).
    expect(took).toBeLessThan(10_000);
    expect(await row(d.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'No answer within 0.6 s' });
    await expect.poll(rx.closed, { timeout: 5_000 }).toBe(1);
  });

  it('a resolver that never answers is cut at the same deadline', async () => {
    let asked = 0;
    const s = await stack({
      connector: async () => ({ status: 200 }),
      resolve: () => {
        asked++;
        return new Promise(() => {});
      },
      timeoutMs: 300,
    });
    const h = await endpoint(dev.id, ['event.created']);
    const d = await delivery(h.id);
    await s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 });
    expect(asked).toBe(1);
    expect(await row(d.id)).toMatchObject({ status: 'failed', error: 'No answer within 0.3 s' });
  });
});

describe('one attempt at a time, even when a job runs twice', () => {
  it('two runs of one attempt: one sends, the other waits its turn (pg-boss retries it) and then finds it done', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sent = 0;
    const s = await stack({
      connector: async () => {
        sent++;
        await gate;
        return { status: 204 };
      },
    });
    const h = await endpoint(dev.id, ['event.created']);
    const d = await delivery(h.id);
    const first = s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 });
    await expect.poll(() => sent).toBe(1);
    await expect(s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 })).rejects.toThrow(/claimed by another worker/);
    release();
    await first;
    expect(await s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 })).toEqual({ skipped: true });
    expect(sent).toBe(1);
    expect(await row(d.id)).toMatchObject({ status: 'succeeded', attempts: 1, claimToken: null });
  });

  it('a run that outlived its claim (taken over after it lapsed) records nothing and queues nothing', async () => {
    const waits: Array<() => void> = [];
    const s = await stack({
      schedule: [0, 0],
      connector: async () => {
        await new Promise<void>((r) => waits.push(r));
        return { status: 500 };
      },
    });
    const h = await endpoint(dev.id, ['event.created']);
    const d = await delivery(h.id);
    const stale = s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 });
    await expect.poll(() => waits.length).toBe(1);
    // Its process stalled past the claim: the job is handed out again and claimed anew.
    await t.database.db
      .update(webhookDeliveries)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.id, d.id));
    const fresh = s.delivery.attempt({ deliveryId: d.id, attempt: 1, step: 0 });
    await expect.poll(() => waits.length).toBe(2);
    waits[1]!();
    await fresh;
    waits[0]!();
    expect(await stale).toEqual({ skipped: true });
    const log = await t.database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, d.id));
    expect(log.map((a) => a.attempt)).toEqual([1]);
    expect(await row(d.id)).toMatchObject({ attempts: 1, status: 'pending' });
  });

  it('the log refuses a second row for one attempt', async () => {
    const h = await endpoint(dev.id, ['event.created']);
    const d = await delivery(h.id);
    await t.database.db.insert(webhookAttempts).values({ deliveryId: d.id, attempt: 1, durationMs: 1 });
    await expect(t.database.db.insert(webhookAttempts).values({ deliveryId: d.id, attempt: 1, durationMs: 2 })).rejects.toThrow();
  });
});

describe('giving up', () => {
  it('a message that fails every retry disables its endpoint and tells the owner', async () => {
    let calls = 0;
    const s = await stack({
      schedule: [0, 0, 0],
      connector: async () => {
        calls++;
        return { status: 503 };
      },
    });
    const h = await endpoint(dev.id, ['event.created']);
    const told = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, dev.id))).filter(
        (n) => n.title === 'Webhook "mechanics" was disabled',
      ).length;
    const toldBefore = await told();
    await s.service.emit('event.created', { id: 'e-exhaust', title: 'Braai' });
    for (let i = 0; i < 3; i++) await s.run();
    expect(calls).toBe(3);
    const [d] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id));
    expect(d).toMatchObject({ status: 'failed', attempts: 3, responseCode: 503 });
    const [after] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, h.id));
    expect(after).toMatchObject({ isActive: false, disabledReason: 'Every retry of a delivery failed (last: Answered 503)' });
    expect(await told()).toBe(toldBefore + 1);
    // Disabled: what is still queued for it is not sent.
    await s.service.emit('event.created', { id: 'e-after', title: 'Later' });
    await s.run();
    expect(calls).toBe(3);
  });
});

describe('the audience rules asked again before each attempt', () => {
  it('a member who withdraws directory consent after the event was queued: nothing is sent, nothing is kept', async () => {
    const sent: string[] = [];
    const s = await stack({ connector: async (_t, init) => (sent.push(init.body), { status: 204 }) });
    const h = await endpoint(dev.id, ['member.updated']);
    const member = await createUser(t, { role: 'member', name: 'Lerato Withdraws' });
    await t.database.db
      .insert(consents)
      .values({ userId: member.user.id, kind: 'directory_listing', granted: true, wording: 'w', source: 'member' });
    const n = await s.service.emit('member.updated', { id: member.user.id, _id: member.user.id, name: 'Lerato Withdraws', email: 'x@y.z' });
    expect(n).toBeGreaterThanOrEqual(1);
    const [queued] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id));
    // Only the public fields were kept, whatever the caller passed.
    expect(JSON.stringify(queued!.payload)).not.toContain('x@y.z');
    const withdrew = await t.request({
      method: 'PUT',
      url: '/api/members/preferences',
      token: member.token,
      payload: { preferences: [{ kind: 'directory_listing', granted: false }] },
    });
    expect(withdrew.statusCode).toBe(200);
    await s.run();
    expect(sent.filter((b) => b.includes('Lerato'))).toEqual([]);
    expect(await row(queued!.id)).toBeUndefined();
  });

  it("an asker who withdraws 'public_prayers' consent: the prayer goes without their name", async () => {
    const sent: string[] = [];
    const s = await stack({ connector: async (_t, init) => (sent.push(init.body), { status: 204 }) });
    await endpoint(dev.id, ['prayer.approved']);
    const member = await createUser(t, { role: 'member', name: 'Naledi Prays' });
    await t.database.db
      .insert(consents)
      .values({ userId: member.user.id, kind: 'public_prayers', granted: true, wording: 'w', source: 'member' });
    const prayer = json(
      await t.request({
        method: 'POST',
        url: '/api/prayers',
        token: member.token,
        payload: { title: 'For rain', description: 'Our farm needs rain', isPublic: true },
      }),
    ).data.prayer;
    await s.service.emit('prayer.approved', { id: prayer.id, title: 'For rain', submittedBy: 'Naledi Prays', isPublic: true });
    await t.database.db
      .insert(consents)
      .values({ userId: member.user.id, kind: 'public_prayers', granted: false, wording: 'w', source: 'member' });
    await s.run();
    const mine = sent.map((b) => JSON.parse(b)).filter((b) => b.data.object.id === prayer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].data.object.submittedBy).toBe('Anonymous');
    expect(JSON.stringify(mine)).not.toContain('Naledi');
  });

  it('an owner who may no longer read giving gets no donation still queued for them', async () => {
    const sent: string[] = [];
    const s = await stack({ connector: async (_t, init) => (sent.push(init.body), { status: 204 }) });
    // An administrator the church also gave developer access: may read giving, so may subscribe to donations.
    const treasurer = await createUser(t, { role: 'admin', permissions: ['api:access'] });
    await createApprovedKey(t, treasurer.token, 'basic', 'books');
    const h = await endpoint(treasurer.user.id, ['donation.received']);
    expect(await s.service.emit('donation.received', { id: 'gift-1', amountCents: 10_000 })).toBeGreaterThanOrEqual(1);
    const [queued] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id));
    await t.database.db.execute(sql`update users set role = 'member' where id = ${treasurer.user.id}`);
    await s.run();
    expect(sent.filter((b) => b.includes('gift-1'))).toEqual([]);
    expect(await row(queued!.id)).toBeUndefined();
  });
});
