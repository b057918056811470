import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { BUNDLED_BIBLE_ID, bundledBibleState, ensureBundledBible } from './bundled';
import { CHAPTERS_PER_STEP } from './importer';

/**
 * The shipped Bible imported in steps, as a new embedded database gets it while the server already answers
 * (start.ts): requests go in between the steps, readers never see it half there, and an import that
 * stopped part way is removed and made again on the next start.
 */
describe('the shipped Bible imported in steps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BIBLE_API_BASE: 'http://127.0.0.1:9/none' });
  }, 60_000);
  afterAll(() => t?.close());

  const count = async (table: string) =>
    Number(
      ((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: [{ n: number }] }).rows[0].n,
    );
  const versions = async () =>
    json(await t.request({ method: 'GET', url: '/api/bible/versions' })).data.versions as Array<{ id: string; source: string }>;

  it('stopped part way: hidden from readers, and imported whole on the next try', async () => {
    let steps = 0;
    const stopped = await ensureBundledBible(t.database.db, { inSteps: { stop: () => ++steps > 5 } });
    expect(stopped).toBeNull();
    expect(await bundledBibleState(t.database.db)).toBe('unfinished');
    // Five steps' chapters are in, yet nobody reads them: not listed, and a chapter is not answered from them.
    expect(await count('bible_chapters')).toBe(5 * CHAPTERS_PER_STEP);
    expect((await versions()).find((v) => v.id === BUNDLED_BIBLE_ID)?.source).not.toBe('local');
    const genesis = await t.request({ method: 'GET', url: '/api/bible/BSB/GEN/1.json' });
    expect(genesis.statusCode).toBeGreaterThanOrEqual(500);

    const summary = await ensureBundledBible(t.database.db, { inSteps: { stop: () => false } });
    expect(summary).toMatchObject({ id: BUNDLED_BIBLE_ID, books: 66, chapters: 1189 });
    expect(await bundledBibleState(t.database.db)).toBe('whole');
    // The unfinished rows went first: each chapter and verse once.
    expect(await count('bible_chapters')).toBe(1189);
    expect(await count('bible_verses')).toBe(summary!.verses);
    expect((await versions()).find((v) => v.id === BUNDLED_BIBLE_ID)?.source).toBe('local');
    const hits = json(await t.request({ method: 'GET', url: '/api/bible/search?q=shepherd&version=BSB&limit=3' })).data.verses;
    expect(hits.length).toBeGreaterThan(0);
    // Whole now: nothing more to do.
    expect(await ensureBundledBible(t.database.db, { inSteps: { stop: () => false } })).toBeNull();
  }, 240_000);

  it('lets requests in between its steps', async () => {
    await t.database.db.execute(sql`delete from bible_translations where id = ${BUNDLED_BIBLE_ID}`);
    let steps = 0;
    let reachedTen!: () => void;
    const tenSteps = new Promise<void>((resolve) => (reachedTen = resolve));
    let done = false;
    const importing = ensureBundledBible(t.database.db, {
      inSteps: {
        stop: () => {
          if (++steps === 10) reachedTen();
          return false;
        },
      },
    }).then((summary) => ((done = true), summary));
    await tenSteps;
    // Answered while the import still has ~110 steps to go, not after it.
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(done).toBe(false);
    expect(await importing).toMatchObject({ chapters: 1189 });
  }, 240_000);
});
