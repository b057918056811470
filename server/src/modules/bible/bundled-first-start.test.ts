import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from '../../realtime/test-servers';

/**
 * The first start of a real server process on a new, empty PostgreSQL database (issue 18: the shipped
 * Bible searchable soon after `npm start`). The import's own process is started before the migrations
 * and parses the Bible meanwhile; it must wait until the server says the tables are there, import once,
 * and leave the Bible alone on the next start.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Runs against PostgreSQL whichever project loads it: once, in server-pg, when CI sets TEST_DATABASE_URL.
const ownRun = process.env.TEST_DB_KIND === 'postgres' || !process.env.TEST_DATABASE_URL;
const reachable = await postgresForSuite('first start with the shipped Bible (PostgreSQL)', PG_URL, { run: ownRun });
const SEARCH = '/api/bible/search?q=shepherd&version=BSB&limit=1';

/**
 * Polls the search until it finds the shepherd, the server logs that the import failed, or `deadline`.
 * The deadline is about correctness, not speed (the bench times the first start): on a busy CI machine,
 * next to suites that load the same PostgreSQL, the import has taken over a minute and a half.
 */
async function searchable(server: ServerProcess, deadline: number) {
  while (Date.now() < deadline && !/Importing the shipped Bible failed/.test(server.log())) {
    const res = await fetch(server.url + SEARCH).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { data: { verses: Array<{ text: string }> } }) : null;
    if (body?.data.verses.some((v) => /shepherd/i.test(v.text))) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe.runIf(reachable)('first start on a new PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  // The Bible's own source is out of reach: only the shipped copy can answer.
  const env = { BIBLE_API_BASE: 'http://127.0.0.1:9/offline', BIBLE_BUNDLED: 'true' };
  beforeAll(async () => {
    db = await scratchDatabase(PG_URL);
  });
  afterAll(() => db?.drop(), 60_000);

  it('imports the shipped Bible once, after the migrations, and a second start leaves it alone', async () => {
    const first = await startServerProcess({ databaseUrl: db.url, jwtSecret, env });
    try {
      expect(await searchable(first, Date.now() + 420_000), first.stderr() + first.log()).toBe(true);
      expect(first.stderr() + first.log()).not.toMatch(/Importing the shipped Bible failed|Preparing the database failed/);
      // One translation with every chapter: the import ran once, and whole.
      expect(await count(db.url, 'bible_translations')).toBe(1);
      expect(await count(db.url, 'bible_chapters')).toBe(1189);
    } finally {
      await first.stop();
    }
    const verses = await count(db.url, 'bible_verses');
    expect(verses).toBeGreaterThan(31_000);

    const second = await startServerProcess({ databaseUrl: db.url, jwtSecret, env });
    try {
      // Searchable at once: nothing to import.
      expect(await searchable(second, Date.now() + 5_000)).toBe(true);
      expect(await count(db.url, 'bible_verses')).toBe(verses);
    } finally {
      await second.stop();
    }
  }, 540_000);
});
