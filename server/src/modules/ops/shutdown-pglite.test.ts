import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createJobQueue } from '../../jobs/queue';
import { openSocket } from '../../realtime/test-socket';
import { startServer } from '../../start';

/**
 * What SIGTERM does (main.ts calls `stop()`), on the embedded database, where
 * the server process is the database: a request whose body is still arriving
 * is answered, a chat socket gets 1001 with the reconnect hint, a job that
 * outlasts its share of the deadline goes back to the queue (not failed, not
 * left "active"), and the database is shut down cleanly (pg_control says so,
 * and the data directory opens again with the job waiting in it).
 * The PostgreSQL variant, through a real signal, is shutdown.test.ts.
 */
const isPg = process.env.TEST_DB_KIND === 'postgres';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** pg_control's DBState (src/include/catalog/pg_control.h): 1 = shut down, 6 = in production. */
const clusterState = (pgdata: string) => fs.readFileSync(path.join(pgdata, 'global/pg_control')).readInt32LE(16);

function slowPost(port: number, urlPath: string, body: string) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: urlPath,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

describe.runIf(!isPg)('graceful shutdown on the embedded database', () => {
  it('answers what is in flight, hands the running job back and closes the database cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-shutdown-'));
    dirs.push(dataDir);
    const pgdata = path.join(dataDir, 'db');
    // A migrated database from the suite's dump (a new one would take an initdb).
    const prepared = await openDatabase({ pgliteDir: pgdata, loadDataDir: new Blob([fs.readFileSync(inject('pgliteDump'))]) });
    await prepared.close();

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      BIBLE_BUNDLED: 'false',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // The queue waits half of it for running jobs.
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    const server = await startServer(config);
    const port = Number(new URL(server.url).port);
    const base = `http://127.0.0.1:${port}`;

    let jobStarted!: () => void;
    const started = new Promise<void>((r) => (jobStarted = r));
    let finishJob!: () => void;
    const never = new Promise<void>((r) => (finishJob = r));
    server.jobs.define(
      'test.long',
      z.object({ n: z.number() }),
      async () => {
        jobStarted();
        await never;
      },
      { retryLimit: 0 },
    );
    const jobId = await server.jobs.send('test.long', { n: 1 });
    await started;

    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Thandi Dube',
        email: `${crypto.randomUUID()}@example.org`,
        password: 'Correct-Horse-42',
        confirmPassword: 'Correct-Horse-42',
        acceptTerms: true,
      }),
    });
    expect(reg.status).toBe(201);
    const { token } = (await reg.json()) as { token: string };
    const socket = await openSocket(base, token);
    await socket.next('connected');
    const inFlight = slowPost(port, '/api/auth/login', JSON.stringify({ email: 'nobody@example.org', password: 'wrong-password-1' }));
    await new Promise((r) => setTimeout(r, 200));

    const t0 = Date.now();
    const stopped = server.stop();
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server is restarting; please reconnect' });
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(401);
    await stopped;
    // Inside the deadline main.ts enforces (past it, the process exits 1 with whatever is open).
    expect(Date.now() - t0).toBeLessThan(10_000);
    finishJob();

    expect(clusterState(pgdata)).toBe(1);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    // The data directory is free (its lock released) and the job waits, due now, as a first attempt.
    const reopened = await openDatabase({ pgliteDir: pgdata });
    try {
      const jobs = createJobQueue({ database: reopened, log: { info() {}, error() {} } });
      const ran: number[] = [];
      jobs.define('test.long', z.object({ n: z.number() }), async ({ n }, job) => void ran.push(n + job.retryCount), { retryLimit: 0 });
      expect(await jobs.getJob('test.long', jobId!)).toMatchObject({ state: 'retry', retryCount: 0, startedOn: null });
      await jobs.drain();
      expect(ran).toEqual([1]);
      await jobs.stop();
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
