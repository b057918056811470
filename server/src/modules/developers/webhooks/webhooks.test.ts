import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, webhookDeliveries, webhooks } from '../../../db/schema/index';
import { createTestApp, createUser, json, type TestApp, createApprovedKey } from '../../../../test/test-app';
import { httpConnector, loopbackOnlyConnector, type Connector } from './connector';
import { createJobQueue } from '../../../jobs/queue';
import { createWebhookDelivery, DELIVER_JOB } from './delivery-worker';
import type { Resolver } from './ssrf-guard';
import { createWebhooksService } from './webhooks-service';

let t: TestApp;
let dev: { token: string; id: string };
const silent = { warn: () => {}, error: () => {}, info: () => {} };

/**
 * A job queue of the test's own on the app's database, with the delivery
 * handler wired to the given network parts: `run()` drains the
 * webhooks.deliver jobs (whoever sent them — the app's routes or this service).
 */
async function deliveryStack(o: { resolve: Resolver; connector: Connector; allowedHosts: string[]; schedule: number[] }) {
  const jobs = createJobQueue({ database: t.database, log: silent });
  const delivery = createWebhookDelivery({ db: t.database.db, jobs, log: silent, ...o });
  const service = createWebhooksService({ db: t.database.db, resolve: o.resolve, allowedHosts: o.allowedHosts, delivery });
  await jobs.ready();
  return { jobs, delivery, service, run: () => jobs.drain({ names: [DELIVER_JOB] }) };
}

/** A receiver in the test: records what arrives and answers with the next scripted status. */
function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const script: number[] = [];
  const load = { inFlight: 0, max: 0 };
  const server = http.createServer((req, res) => {
    load.inFlight++;
    load.max = Math.max(load.max, load.inFlight);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      // Answer a little later, so overlapping attempts would be seen.
      setTimeout(() => {
        load.inFlight--;
        res.writeHead(script.shift() ?? 200).end();
      }, 30);
    });
  });
  return {
    got,
    script,
    load,
    start: () =>
      new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const d = await createUser(t, { role: 'developer', permissions: ['api:access'] });
  dev = { token: d.token, id: d.user.id };
});
afterAll(() => t.close());

async function key(tier: string, token = dev.token) {
  await createApprovedKey(t, token, tier, tier);
}

describe('webhook routes', () => {
  it('needs a developer, and a paid tier for webhooks; counts against the tier limit', async () => {
    expect((await t.request({ method: 'GET', url: '/api/developers/webhooks' })).statusCode).toBe(401);
    const member = await createUser(t, { role: 'member' });
    expect((await t.request({ method: 'GET', url: '/api/developers/webhooks', token: member.token })).statusCode).toBe(403);
    const other = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    const payload = { name: 'CRM', url: 'https://93.184.216.34/hooks', events: ['member.created'] };
    const free = await t.request({ method: 'POST', url: '/api/developers/webhooks', token: other.token, payload });
    expect(free.statusCode).toBe(403);
    expect(json(free).message).toMatch(/Basic, Professional or Enterprise/);
    // A paid key the church has not approved is a Free key: still no webhooks (issue 29, finding 7).
    const unapproved = await t.request({
      method: 'POST',
      url: '/api/developers/api-keys',
      token: other.token,
      payload: { name: 'waiting', pricingTier: 'enterprise' },
    });
    expect(json(unapproved).data.apiKey.planStatus).toBe('pending');
    const stillFree = await t.request({ method: 'POST', url: '/api/developers/webhooks', token: other.token, payload });
    expect(stillFree.statusCode).toBe(403);
    await key('basic', other.token);
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ method: 'POST', url: '/api/developers/webhooks', token: other.token, payload });
      expect(res.statusCode).toBe(201);
      expect(json(res).data.secret).toMatch(/^whsec_/);
    }
    const fourth = await t.request({ method: 'POST', url: '/api/developers/webhooks', token: other.token, payload });
    expect(json(fourth).message).toBe("Your Basic plan allows 3 webhooks. Delete one or upgrade a key's plan.");
    const list = await t.request({ method: 'GET', url: '/api/developers/webhooks', token: other.token });
    expect(list.body).not.toMatch(/whsec_/);
    expect(json(list).data.webhooks[0]).toMatchObject({ status: 'active', lastDelivery: null, successRate: null });
  });

  it('a PATCH with no known field is a 400 that says so, not a 500 (issue 29, finding 8)', async () => {
    const owner = await createUser(t, { role: 'developer', permissions: ['api:access'] });
    await key('basic', owner.token);
    const made = await t.request({
      method: 'POST',
      url: '/api/developers/webhooks',
      token: owner.token,
      payload: { name: 'CRM', url: 'https://93.184.216.34/hooks', events: ['member.created'] },
    });
    const id = json(made).data.webhook.id;
    for (const payload of [{}, { colour: 'blue' }]) {
      const res = await t.request({ method: 'PATCH', url: `/api/developers/webhooks/${id}`, token: owner.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).message).toMatch(/Nothing to change/);
    }
    const renamed = await t.request({ method: 'PATCH', url: `/api/developers/webhooks/${id}`, token: owner.token, payload: { name: 'CRM 2' } });
    expect(json(renamed).data.webhook.name).toBe('CRM 2');
  });

  it('refuses private, loopback and metadata targets, and non-http schemes', async () => {
    await key('professional');
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'ftp://93.184.216.34/x',
      'http://93.184.216.34/x',
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/developers/webhooks',
        token: dev.token,
        payload: { name: 'x', url, events: ['member.created'] },
      });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('SSRF guard with a stubbed resolver and connector (no packet leaves the process)', () => {
  const dns: Record<string, string> = {
    'hooks.example.com': '93.184.216.34',
    'sneaky.example.com': '127.0.0.1',
    'inside.example.com': '10.0.0.7',
  };
  const resolve: Resolver = async (host) => (dns[host] ? [{ address: dns[host]!, family: 4 }] : []);

  async function deliverTo(url: string, answer: (address: string) => { status: number; location?: string }) {
    const calls: string[] = [];
    const connector: Connector = async (target) => {
      calls.push(target.address);
      return answer(target.address);
    };
    const [hook] = await t.database.db
      .insert(webhooks)
      .values({ userId: dev.id, name: 'guard', url, events: ['event.created'], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
      .returning();
    const stack = await deliveryStack({ resolve, connector, allowedHosts: [], schedule: [0] });
    const [d] = await t.database.db
      .insert(webhookDeliveries)
      .values({
        webhookId: hook!.id,
        eventType: 'event.created',
        payload: { type: 'event.created', timestamp: new Date().toISOString(), data: { object: { id: 'e1' } } },
      })
      .returning();
    await stack.delivery.enqueue(undefined, [d!.id]);
    await stack.run();
    await stack.jobs.stop();
    const [after] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d!.id));
    return { calls, delivery: after! };
  }

  for (const url of [
    'https://127.0.0.1/x',
    'https://10.0.0.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://sneaky.example.com/x',
    'https://inside.example.com/x',
  ]) {
    it(`refuses ${url} before connecting`, async () => {
      const { calls, delivery } = await deliverTo(url, () => ({ status: 200 }));
      expect(calls).toEqual([]);
      expect(delivery.status).toBe('failed');
      expect(delivery.error).toMatch(/private or reserved address/);
    });
  }

  it('refuses a redirect to loopback (the first hop is public, the second is never connected)', async () => {
    const { calls, delivery } = await deliverTo('https://hooks.example.com/x', (a) =>
      a === '93.184.216.34' ? { status: 302, location: 'https://sneaky.example.com/steal' } : { status: 200 },
    );
    expect(calls).toEqual(['93.184.216.34']);
    expect(delivery.status).toBe('failed');
    expect(delivery.error).toMatch(/sneaky\.example\.com points to a private or reserved address/);
  });

  it('refuses plain http to a public name, and a redirect down to http', async () => {
    const plain = await deliverTo('http://hooks.example.com/x', () => ({ status: 204 }));
    expect(plain.calls).toEqual([]);
    expect(plain.delivery.error).toMatch(/must use https/);
    const down = await deliverTo('https://hooks.example.com/x', (a) =>
      a === '93.184.216.34' ? { status: 301, location: 'http://hooks.example.com/plain' } : { status: 200 },
    );
    expect(down.calls).toEqual(['93.184.216.34']);
    expect(down.delivery.error).toMatch(/must use https/);
  });

  it('connects to the vetted address of a public name', async () => {
    const { calls, delivery } = await deliverTo('https://hooks.example.com/x', () => ({ status: 204 }));
    expect(calls).toEqual(['93.184.216.34']);
    expect(delivery.status).toBe('succeeded');
  });
});

describe('delivery to a real receiver on loopback (allowed by the administrator)', () => {
  const r = receiver();
  let url: string;
  const stacks: { jobs: { stop(): Promise<unknown> } }[] = [];
  const make = async (schedule = [0, 0, 0]) => {
    const stack = await deliveryStack({
      resolve: async () => [],
      connector: loopbackOnlyConnector(httpConnector),
      allowedHosts: ['127.0.0.1'],
      schedule,
    });
    stacks.push(stack);
    return { worker: { runDue: stack.run }, service: stack.service };
  };
  beforeAll(async () => {
    url = await r.start();
  });
  afterAll(async () => {
    for (const s of stacks) await s.jobs.stop();
    await r.stop();
  });

  /** One endpoint at a time: earlier tests' endpoints and scripted answers are cleared. */
  async function hook(events: string[], extra: Partial<typeof webhooks.$inferInsert> = {}) {
    await t.database.db.delete(webhooks);
    r.script.length = 0;
    r.got.length = 0;
    const [row] = await t.database.db
      .insert(webhooks)
      .values({ userId: dev.id, name: 'receiver', url, events, secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD', ...extra })
      .returning();
    return row!;
  }

  it('signs per Standard Webhooks: the reference verifier accepts it and rejects a changed body or an old timestamp', async () => {
    const { worker, service } = await make();
    const h = await hook(['event.created']);
    r.got.length = 0;
    const n = await service.emit('event.created', { id: 'e1', title: 'Sipho Dlamini preaches' }, { id: 'e1', title: 'Sipho preaches' });
    expect(n).toBeGreaterThanOrEqual(1);
    await worker.runDue();
    const msg = r.got.find((g) => JSON.parse(g.body).data.object.id === 'e1')!;
    const headers = msg.headers as Record<string, string>;
    const verifier = new Webhook(h.secret);
    expect(verifier.verify(msg.body, headers)).toMatchObject({
      type: 'event.created',
      data: { object: { title: 'Sipho Dlamini preaches' }, previous: { title: 'Sipho preaches' } },
    });
    expect(() => verifier.verify(msg.body.replace('Sipho', 'Evil'), headers)).toThrow();
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect(() => verifier.verify(msg.body, { ...headers, 'webhook-timestamp': old })).toThrow();
    await t.database.db.delete(webhooks).where(eq(webhooks.id, h.id));
  });

  it('retries a receiver that fails twice, then succeeds; one attempt at a time', async () => {
    const { service } = await make([0, 0, 0, 0]);
    // Three instances' queues drain together: the message is still attempted one at a time.
    const racers = await Promise.all([make([0, 0, 0, 0]), make([0, 0, 0, 0]), make([0, 0, 0, 0])]);
    const worker = { runDue: () => racers[0]!.worker.runDue() };
    const h = await hook(['event.created']);
    r.got.length = 0;
    r.script.push(500, 503);
    await service.emit('event.created', { id: 'd1', title: 'Retried' });
    r.load.max = 0;
    // Three workers race each round: the message is still attempted one at a time, three times in all.
    for (let round = 0; round < 6 && r.got.length < 3; round++) await Promise.all(racers.map((q) => q.worker.runDue()));
    expect(r.got).toHaveLength(3);
    expect(r.load.max).toBe(1);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const [d] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id));
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, responseCode: 200 });
    const log = json(await t.request({ method: 'GET', url: `/api/developers/webhooks/${h.id}/deliveries`, token: dev.token })).data
      .deliveries[0].log;
    expect(log.map((l: { responseCode: number }) => l.responseCode)).toEqual([500, 503, 200]);
    const listed = json(await t.request({ method: 'GET', url: '/api/developers/webhooks', token: dev.token })).data.webhooks.find(
      (w: { id: string }) => w.id === h.id,
    );
    expect(listed.successRate).toBe(100);
    // Replay sends the same message again.
    expect(
      (await t.request({ method: 'POST', url: `/api/developers/webhooks/${h.id}/deliveries/${d!.id}/replay`, token: dev.token }))
        .statusCode,
    ).toBe(200);
    await worker.runDue();
    expect(r.got).toHaveLength(4);
    expect(r.got[3]!.headers['webhook-id']).toBe(d!.id);
    await t.database.db.delete(webhooks).where(eq(webhooks.id, h.id));
  });

  it('a 410 disables the endpoint and tells its owner', async () => {
    const { worker, service } = await make();
    const h = await hook(['event.created']);
    r.script.push(410);
    await service.emit('event.created', { id: 'e1' });
    await worker.runDue();
    const [after] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, h.id));
    expect(after).toMatchObject({ isActive: false, disabledReason: 'The endpoint answered 410 Gone' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, dev.id));
    expect(notes.some((n) => n.title === 'Webhook "receiver" was disabled')).toBe(true);
    await t.database.db.delete(webhooks).where(eq(webhooks.id, h.id));
  });

  it('after rotation both secrets sign until the overlap ends', async () => {
    const { worker } = await make();
    const h = await hook(['event.created']);
    const rotated = json(await t.request({ method: 'POST', url: `/api/developers/webhooks/${h.id}/rotate-secret`, token: dev.token }));
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.webhook.secretRotatedUntil).not.toBeNull();
    r.got.length = 0;
    expect((await t.request({ method: 'POST', url: `/api/developers/webhooks/${h.id}/test`, token: dev.token })).statusCode).toBe(200);
    await worker.runDue();
    const msg = r.got[0]!;
    expect(String(msg.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(JSON.parse(msg.body).type).toBe('webhook.test');
    for (const secret of [h.secret, rotated.data.secret])
      expect(() => new Webhook(secret).verify(msg.body, msg.headers as Record<string, string>)).not.toThrow();
  });
});
