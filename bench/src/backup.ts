/**
 * Backup and restore of a church of realistic size (issue 17):
 *   node --import tsx bench/src/backup.ts            # PGlite and, when it answers, PostgreSQL
 *   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_MEDIA_MB=1024 node --import tsx bench/src/backup.ts
 *
 * For each database: 10,000 members, 200,000 donations, 100,000 chat messages
 * and 1 GB of media (incompressible, like video). `npm run backup` runs while
 * the server serves a steady stream of GET /api/events; their p99 is compared
 * with the same stream idle, in the same run (budget ≤ 2×). Then the server
 * stops, `npm run restore` brings the file into an empty place, and every
 * table's row count and every media file's bytes are compared.
 *
 * The load generator shares the two cores with the server and the backup.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_ROOM_SETTINGS } from '@church/contract/chat/rooms';
import { openDatabase, type Database } from '../../server/src/db/client';
import { chatRooms } from '../../server/src/db/schema/index';
import { seedPeople } from './seed/seed-people';
import { percentile, ROOT, round, startServer, stopServer, writeReport } from './lib';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 200_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const MEDIA_MB = Number(process.env.BENCH_MEDIA_MB ?? 1024);
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = process.env.BENCH_PORT ?? '35801';
const FILE_MB = 16;

async function pgReachable(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
const dbUrl = (name: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Row counts of every table in public (what a restore must bring back exactly). */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`)) as unknown as {
      rows: { n: number }[];
    };
    out[table_name] = r.rows[0]!.n;
  }
  return out;
}

async function seed(database: Database, uploadDir: string) {
  await database.migrate();
  const started = performance.now();
  await seedPeople(database.db, { members: MEMBERS, donations: DONATIONS, prayers: 200, events: 40 });
  const [room] = await database.db.insert(chatRooms).values({ name: 'General Chat', settings: DEFAULT_ROOM_SETTINGS }).returning();
  await database.db.execute(sql`
    with u as (select array_agg(id) as a from users)
    insert into chat_messages (room_id, sender_id, content)
    select ${room!.id}, u.a[1 + (g % array_length(u.a, 1))], 'Message number ' || g || ' about Sunday''s service'
    from generate_series(1, ${MESSAGES}) g, u`);
  // Media: incompressible bytes in files of 16 MB (video-like), under the upload folder's sermons/.
  const media = path.join(uploadDir, 'sermons');
  fs.mkdirSync(media, { recursive: true });
  const chunk = crypto.randomBytes(FILE_MB * 1024 * 1024);
  for (let i = 0; i < Math.ceil(MEDIA_MB / FILE_MB); i++) {
    chunk.writeUInt32LE(i, 0); // each file differs
    fs.writeFileSync(path.join(media, `${crypto.randomUUID()}.mp4`), chunk);
  }
  return performance.now() - started;
}

/** Sends GET /api/events at a steady pace (20 a second) until stopped; returns each latency. */
function steadyLoad(url: string) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/events?limit=5`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

/** The first start imports the bundled Bible in the background (about 6 s on a quiet machine): 20 s covers it. */
async function waitForBible(_url: string) {
  await new Promise((r) => setTimeout(r, 20_000));
}

function runCli(script: 'backup' | 'restore', arg: string, env: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, arg], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    proc.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${script} exited with ${code}`))));
  });
}

function mediaDigest(dir: string) {
  const files = fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for (const f of files.sort()) {
    const b = fs.readFileSync(path.join(dir, f));
    bytes += b.length;
    hash.update(f).update(b);
  }
  return { files: files.length, bytes, digest: hash.digest('hex') };
}

async function measure(kind: 'PGlite' | 'PostgreSQL') {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `bench-backup-${kind.toLowerCase()}-`));
  const source = { DATA_DIR: path.join(work, 'source'), UPLOAD_DIR: path.join(work, 'source', 'uploads') };
  const target = { DATA_DIR: path.join(work, 'restored'), UPLOAD_DIR: path.join(work, 'restored', 'uploads') };
  const names = { source: `bench_backup_src_${Date.now()}`, target: `bench_backup_dst_${Date.now()}` };
  if (kind === 'PostgreSQL') {
    await withAdmin(async (c) => {
      await c.query(`create database ${names.source}`);
      await c.query(`create database ${names.target}`);
    });
    Object.assign(source, { DATABASE_URL: dbUrl(names.source) });
    Object.assign(target, { DATABASE_URL: dbUrl(names.target) });
  }
  const open = (env: Record<string, string>) =>
    openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(env.DATA_DIR!, 'db') });
  try {
    let db = await open(source);
    const seedMs = await seed(db, source.UPLOAD_DIR);
    await db.close();
    const mediaBefore = mediaDigest(source.UPLOAD_DIR);

    // The public-read cache off: every probe reads the database, which is what a backup competes with.
    const { proc, url } = await startServer({
      ...source,
      PORT,
      DEMO_DATA: 'false',
      PUBLIC_CACHE_SECONDS: '0',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    });
    let idle: number[];
    let during: number[];
    let backupMs: number;
    const backupFile = path.join(work, 'church.tar');
    try {
      // The first start imports the bundled Bible (a few seconds of work): let it finish before the baseline.
      await waitForBible(url);
      let load = steadyLoad(url);
      await new Promise((r) => setTimeout(r, 10_000));
      idle = await load.stop();
      load = steadyLoad(url);
      backupMs = await runCli('backup', backupFile, source);
      during = await load.stop();
    } finally {
      await stopServer(proc);
    }
    // Counted once the server has stopped: what it wrote at start (the Bible import) is in the backup too.
    db = await open(source);
    const before = await rowCounts(db);
    await db.close();
    const size = fs.statSync(backupFile).size;
    const restoreMs = await runCli('restore', backupFile, target);
    db = await open(target);
    const after = await rowCounts(db);
    await db.close();
    const mediaAfter = mediaDigest(target.UPLOAD_DIR);
    const differing = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    const idleP99 = percentile(idle, 99);
    const duringP99 = percentile(during, 99);
    return {
      heading: `${kind}: ${MEMBERS.toLocaleString('en')} members, ${DONATIONS.toLocaleString('en')} donations, ${MESSAGES.toLocaleString('en')} messages, ${MEDIA_MB} MB media`,
      rows: [
        ['seed (not a budget)', `${round(seedMs / 1000)} s`],
        ['backup time', `${round(backupMs / 1000)} s`],
        ['backup file size', `${round(size / 1024 / 1024)} MB`],
        [
          'GET /api/events p50 / p99 idle (baseline, same run)',
          `${round(percentile(idle, 50))} / ${round(idleP99)} ms (${idle.length} requests)`,
        ],
        [
          'GET /api/events p50 / p99 during the backup',
          `${round(percentile(during, 50))} / ${round(duringP99)} ms (${during.length} requests) = ${round(duringP99 / idleP99, 2)}× idle`,
          '≤ 2× idle',
        ],
        ['restore time', `${round(restoreMs / 1000)} s`],
        [
          'row counts equal after restore',
          differing.length
            ? `NO: ${differing.join(', ')}`
            : `yes, ${Object.keys(before).length} tables, ${Object.values(before)
                .reduce((a, b) => a + b, 0)
                .toLocaleString('en')} rows`,
          'every table equal',
        ],
        [
          'media byte-equal after restore',
          mediaBefore.digest === mediaAfter.digest ? `yes, ${mediaAfter.files} files, ${round(mediaAfter.bytes / 1024 / 1024)} MB` : 'NO',
          'equal',
        ],
      ] as Array<[string, string, string?]>,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    if (kind === 'PostgreSQL') {
      await withAdmin(async (c) => {
        await c.query(`drop database if exists ${names.source} with (force)`);
        await c.query(`drop database if exists ${names.target} with (force)`);
      });
    }
  }
}

const load = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
const sections = [await measure('PGlite')];
if (await pgReachable(PG_URL)) sections.push(await measure('PostgreSQL'));
sections.push({ heading: 'Machine', rows: [['load average at start (1/5/15 min), 2 cores shared with the load generator', load]] });
writeReport('backup', 'Backup and restore (npm run backup / npm run restore)', sections);
