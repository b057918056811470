/**
 * Webhook deliveries survive a server restart (issue 14): a real server
 * process on a scratch PostgreSQL sends a test event to a receiver on
 * loopback, which answers 500; the retry is due 5 s later (the Standard
 * Webhooks schedule). Once the attempt is recorded, the process is SIGKILLed before then — it gets no
 * chance to finish anything — and a new process on the same database makes
 * the retry: the same message (same webhook-id, same signature scheme)
 * reaches the receiver, and the log says two attempts, 500 then 200.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from '../../src/realtime/test-servers';
import { api, PASSWORD, portPicker, sleep } from './live-client';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const onPostgresProject = process.env.TEST_DB_KIND === 'postgres';
const reachable = await postgresForSuite('webhook restart suite', PG_URL, { run: onPostgresProject });

describe.runIf(reachable)('webhook deliveries across a server restart', () => {
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let server: ServerProcess | null = null;
  const got: { id: string; body: string; headers: http.IncomingHttpHeaders; at: number }[] = [];
  const answers: number[] = [500];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ id: String(req.headers['webhook-id']), body, headers: req.headers, at: Date.now() });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  let receiverUrl = '';
  const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };

  beforeAll(async () => {
    receiverUrl = await new Promise<string>((r) =>
      receiver.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`)),
    );
    db = await scratchDatabase(PG_URL, { template: inject('pgTemplate') });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await new Promise<void>((r) => receiver.close(() => r()));
  }, 60_000);

  it('a retry queued by a process that was killed is made by the next one', async () => {
    const port = portPicker(30);
    server = await startServerProcess({ databaseUrl: db.url, jwtSecret, port: await port(), env });
    const reg = await api(server.url, 'POST', '/auth/register', {
      body: { name: 'Restart Dev', email: `dev-${crypto.randomUUID()}@example.org`, password: PASSWORD, role: 'developer' },
      timeoutMs: 60_000,
    });
    expect(reg.status).toBe(201);
    const token = reg.body.token as string;
    const key = await api(server.url, 'POST', '/developers/api-keys', { token, body: { name: 'hooks', pricingTier: 'basic' } });
    expect(key.status).toBe(201);
    // The church approves the plan (until then a paid key is a Free key, which has no webhooks).
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query('update api_keys set approved_at = now() where id = $1', [key.body.data.apiKey.id]);
    await c.end();
    const hook = await api(server.url, 'POST', '/developers/webhooks', {
      token,
      body: { name: 'Restart receiver', url: receiverUrl, events: ['event.created'] },
    });
    expect(hook.status).toBe(201);
    const secret = hook.body.data.secret as string;
    const hookId = hook.body.data.webhook.id as string;

    expect((await api(server.url, 'POST', `/developers/webhooks/${hookId}/test`, { token })).status).toBe(200);
    // The first attempt arrives (and is answered 500): the retry is now a job due in about 5 s.
    for (let i = 0; i < 200 && got.length === 0; i++) await sleep(100);
    expect(got).toHaveLength(1);
    // Recorded (the retry's job is committed with it): killing before that would test a different thing — an
    // attempt cut off mid-way, which pg-boss hands out again once its job expires (120 s).
    const recorded = async () =>
      (await api(server!.url, 'GET', `/developers/webhooks/${hookId}/deliveries`, { token })).body.data.deliveries[0]?.attempts;
    for (let i = 0; i < 100 && (await recorded()) !== 1; i++) await sleep(100);
    expect(await recorded()).toBe(1);
    await server.kill();
    const killedAt = Date.now();

    server = await startServerProcess({ databaseUrl: db.url, jwtSecret, port: await port(), env });
    for (let i = 0; i < 600 && got.length < 2; i++) await sleep(100);
    expect(got).toHaveLength(2);
    expect(got[1]!.at).toBeGreaterThan(killedAt);
    // The same message: receivers de-duplicate on webhook-id, and it verifies with the endpoint's secret.
    expect(got[1]!.id).toBe(got[0]!.id);
    expect(new Webhook(secret).verify(got[1]!.body, got[1]!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    let log = await api(server.url, 'GET', `/developers/webhooks/${hookId}/deliveries`, { token });
    for (let i = 0; i < 50 && log.body.data.deliveries[0].status !== 'succeeded'; i++) {
      await sleep(100);
      log = await api(server.url, 'GET', `/developers/webhooks/${hookId}/deliveries`, { token });
    }
    const [d] = log.body.data.deliveries;
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2, responseCode: 200 });
    expect(d.log.map((a: { responseCode: number }) => a.responseCode)).toEqual([500, 200]);
    expect(got).toHaveLength(2);
  }, 300_000);
});
