import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from '../../../realtime/test-servers';

/**
 * Issue 17: "restore refuses … a running server". The real commands against
 * a real server process: `npm run restore` stops with a message while the
 * server runs (the data-dir lock on the embedded database; the server's
 * connections in pg_stat_activity on PostgreSQL) and changes nothing; with
 * the server stopped, the same file restores.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The embedded run belongs to the PGlite project, the PostgreSQL run to server-pg (each engine once per CI run).
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const pgReachable = await postgresForSuite('restore refusal test (PostgreSQL)', PG_URL, { run: onPostgres });

/** Runs one of the package's command-line tools the way `npm run` does, with the server's environment. */
function cli(script: 'backup' | 'restore', arg: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, arg], { cwd: ROOT, env });
    let out = '';
    proc.stdout.on('data', (d) => (out += String(d)));
    proc.stderr.on('data', (d) => (out += String(d)));
    proc.on('exit', (code) => resolve({ code, out }));
  });
}

async function register(url: string, name: string) {
  const email = `${crypto.randomUUID()}@example.org`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-42', acceptTerms: true }),
  });
  expect(res.status).toBe(201);
  return email;
}
const signIn = (url: string, email: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Correct-Horse-42' }),
  }).then((r) => r.status);

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 60_000);

async function roundTrip(databaseUrl: string | null, refusal: RegExp) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-refuses-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const env = { BIBLE_BUNDLED: 'false', DATA_DIR: dataDir };
  let server: ServerProcess = await startServerProcess({ databaseUrl, jwtSecret, env });
  cleanups.push(() => server.kill());
  const cliEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: jwtSecret, LOG_LEVEL: 'warn' };
  if (databaseUrl) cliEnv.DATABASE_URL = databaseUrl;
  else delete cliEnv.DATABASE_URL;

  const saved = await register(server.url, 'Saved Before Backup');
  const file = path.join(dataDir, 'church.tar');
  const backup = await cli('backup', file, cliEnv);
  expect(backup.code, backup.out).toBe(0);
  const later = await register(server.url, 'Joined After Backup');

  const refused = await cli('restore', file, cliEnv);
  expect(refused.code, refused.out).toBe(1);
  expect(refused.out).toMatch(refusal);
  expect(refused.out).toContain('Stop the server first');
  // Nothing was replaced: the server still runs on the same data, the later account included.
  expect(await signIn(server.url, later)).toBe(200);
  expect(await signIn(server.url, saved)).toBe(200);

  // Stopped, the same file restores: the later account is gone, the saved one is back.
  await server.stop();
  const restored = await cli('restore', file, cliEnv);
  expect(restored.code, restored.out).toBe(0);
  expect(restored.out).toMatch(/Restored the backup of/);
  server = await startServerProcess({ databaseUrl, jwtSecret, env });
  expect(await signIn(server.url, saved)).toBe(200);
  expect(await signIn(server.url, later)).toBe(401);
  await server.stop();
}

describe('restore refuses while the server runs', () => {
  it.runIf(!onPostgres)(
    'embedded database: the server holds the data directory',
    async () => {
      await roundTrip(null, /The server is running \(it holds .*\): the restore would replace data it is using/);
    },
    300_000,
  );

  it.runIf(pgReachable)(
    'PostgreSQL: the server is connected to the database',
    async () => {
      const db = await scratchDatabase(PG_URL);
      cleanups.push(() => db.drop());
      await roundTrip(db.url, /A server is running on this database \(\d+ connections?\)/);
    },
    300_000,
  );
});
