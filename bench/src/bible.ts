// The Bible service on the whole BSB: import time, full-text search latency
// (p50/p99 over 100 queries, budget p99 ≤ 50 ms) and chapter fetch latency
// from the local store (budget p99 ≤ 10 ms), measured through the real app
// (Fastify inject: routing, validation, serialisation, database) on PGlite,
// and on PostgreSQL too when TEST_DATABASE_URL is set. Writes bench/reports/bible.md.
//
//   node --import tsx bench/src/bible.ts
//
// Needs ../shared/bible/bsb (66 USFM files) beside the repository; without it
// the bench says so and stops.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BIBLE_BOOKS } from '@church/contract/bible/books';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/client';
import { importTranslation, parseUsfmFiles } from '../../server/src/modules/bible/importer';
import { readUsfmFolder } from '../../server/src/modules/bible/usfm-files';
import { percentile, ROOT, round, writeReport } from './lib';

const BSB_DIR = path.resolve(ROOT, '../shared/bible/bsb');
if (!fs.existsSync(BSB_DIR)) {
  console.log(`bible bench skipped: ${BSB_DIR} is not present (it holds the BSB as 66 USFM files).`);
  process.exit(0);
}

const QUERIES = [
  'love',
  'faith',
  'grace',
  'mercy',
  'shepherd',
  'light',
  'peace',
  'hope',
  'joy',
  'kingdom of heaven',
  '"living water"',
  '"fear not"',
  '"the way, the truth"',
  'forgive',
  'pray',
  'bread of life',
  'covenant',
  'righteousness',
  'wisdom',
  'Jerusalem',
  'David',
  'Moses',
  'Abraham',
  'resurrection',
  'cross',
  'spirit',
  'holy',
  'glory',
  'salvation',
  'repent',
];
const BOOK_FILTERS = [undefined, undefined, undefined, 'JHN', 'PSA', 'ROM'];

function rng(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

async function run(label: string, database: Database, dataDir: string) {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    BIBLE_API_BASE: 'http://127.0.0.1:9/offline',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });
  const { app } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });
  await app.ready();

  const [parseMs, books] = await timed(async () => parseUsfmFiles(readUsfmFolder(BSB_DIR)));
  const [importMs, summary] = await timed(() => importTranslation(database.db, { id: 'BSB', name: 'Berean Standard Bible' }, books));

  const random = rng(42);
  const searchMs: number[] = [];
  let maxHits = 0;
  for (let i = 0; i < 105; i++) {
    const q = QUERIES[i % QUERIES.length]!;
    const book = BOOK_FILTERS[i % BOOK_FILTERS.length];
    const url = `/api/bible/search?q=${encodeURIComponent(q)}&version=BSB${book ? `&book=${book}` : ''}`;
    const [ms, res] = await timed(() => app.inject({ method: 'GET', url }));
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    maxHits = Math.max(maxHits, (res.json() as { data: { verses: unknown[] } }).data.verses.length);
    if (i >= 5) searchMs.push(ms); // the first five warm the caches
  }

  const chapterMs: number[] = [];
  for (let i = 0; i < 105; i++) {
    const b = BIBLE_BOOKS[Math.floor(random() * BIBLE_BOOKS.length)]!;
    const n = 1 + Math.floor(random() * b.chapters);
    const [ms, res] = await timed(() => app.inject({ method: 'GET', url: `/api/bible/BSB/${b.id}/${n}.json` }));
    if (res.statusCode !== 200) throw new Error(`${b.id} ${n}: ${res.statusCode}`);
    if (i >= 5) chapterMs.push(ms);
  }
  await app.close();

  const mark = (v: number, budget: number) => `${round(v, 1)} ms ${v <= budget ? '✅' : '❌'}`;
  return {
    heading: label,
    rows: [
      ['books / chapters / verses imported', `${summary.books} / ${summary.chapters} / ${summary.verses}`],
      ['parse 66 USFM files', `${Math.round(parseMs)} ms`],
      ['import (one transaction)', `${(importMs / 1000).toFixed(2)} s`],
      ['search p50 (100 queries, limit 10)', `${round(percentile(searchMs, 50), 1)} ms`],
      ['search p99', mark(percentile(searchMs, 99), 50), '≤ 50 ms'],
      ['chapter fetch p50 (100 random chapters)', `${round(percentile(chapterMs, 50), 2)} ms`],
      ['chapter fetch p99', mark(percentile(chapterMs, 99), 10), '≤ 10 ms'],
      ['most results for one query', maxHits],
    ] as Array<[string, string | number, string?]>,
  };
}

const sections = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bible-'));
try {
  const db = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  try {
    sections.push(await run('PGlite (embedded, on disk)', db, dir));
  } finally {
    await db.close();
  }
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bench_bible_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    const db2 = await openDatabase({ databaseUrl: u.toString(), poolMax: 4 });
    try {
      sections.push(await run('PostgreSQL 15', db2, dir));
    } finally {
      await db2.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
sections.push({
  heading: 'Method',
  rows: [
    ['source', '../shared/bible/bsb (BSB, 66 USFM files)'],
    [
      'search',
      `${QUERIES.length} words and "phrases" in turn, every other query with a book filter; websearch_to_tsquery + GIN index, ranked by ts_rank_cd`,
    ],
    ['chapter', 'random book and chapter (seeded), one primary-key read of the stored chapter JSON'],
    ['timing', 'Fastify inject (no socket), 5 warm-up requests not counted; shared 2-core machine, noisy'],
  ] as Array<[string, string | number, string?]>,
});
writeReport('bible', 'Bible service: import, search and chapter latency', sections);
