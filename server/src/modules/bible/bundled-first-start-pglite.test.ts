import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../../realtime/test-servers';

/**
 * The first start of a real server process on a new embedded database (issue 16: it answers in seconds, the
 * shipped Bible follows in steps). Stopped during the import, it stops at once and cleanly, and the next
 * start imports the Bible again, whole. Runs once, in the PGlite project.
 */
const isPg = process.env.TEST_DB_KIND === 'postgres';
const SEARCH = '/api/bible/search?q=shepherd&version=BSB&limit=1';

const health = async (server: ServerProcess) =>
  ((await (await fetch(`${server.url}/api/health`)).json()) as { data: { bibleImport: string } }).data.bibleImport;

async function until(server: ServerProcess, wanted: (state: string) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let state = '';
  while (Date.now() < deadline) {
    state = await health(server).catch(() => 'no answer');
    if (wanted(state)) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`health still said ${state}: ${server.stderr()}${server.log()}`);
}

describe.runIf(!isPg)('first start on a new embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-first-start-'));
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers while the shipped Bible is imported; stopped part way, the next start imports it whole', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, BIBLE_BUNDLED: 'true', LOG_LEVEL: 'info' };
    const first = await startServerProcess({ databaseUrl: null, jwtSecret, port, env });
    try {
      // Listening, and the import under way: the Bible is not offered from the local store yet.
      expect(await health(first)).toBe('importing');
      const versions = (await (await fetch(`${first.url}/api/bible/versions`)).json()) as {
        data: { versions: Array<{ id: string; source: string }> };
      };
      expect(versions.data.versions.find((v) => v.id === 'BSB')?.source).not.toBe('local');
    } finally {
      await first.stop();
    }
    expect(first.proc.exitCode, first.stderr()).toBe(0);
    expect(first.log()).toMatch(/Stopping during the Bible import/);

    const second = await startServerProcess({ databaseUrl: null, jwtSecret, port, env });
    try {
      expect(await until(second, (s) => s !== 'importing', 180_000)).toBe('done');
      const hit = (await (await fetch(second.url + SEARCH)).json()) as { data: { verses: Array<{ text: string }> } };
      expect(hit.data.verses[0]?.text).toMatch(/shepherd/i);
      const books = (await (await fetch(`${second.url}/api/bible/BSB/books.json`)).json()) as {
        books: Array<{ numberOfChapters: number }>;
      };
      expect(books.books.reduce((n, b) => n + b.numberOfChapters, 0)).toBe(1189);
    } finally {
      await second.stop();
    }
    expect(second.proc.exitCode, second.stderr()).toBe(0);
  }, 300_000);
});
