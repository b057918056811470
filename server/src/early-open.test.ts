import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { extractPgliteTemplate, pgliteTemplate } from './db/pglite-template';
import { openEarly } from './early-open';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const configFor = (dataDir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(64), DEMO_DATA: 'false' });
const silent = () => {};

/** A data directory holding an (empty, unmigrated) embedded database. */
async function existingDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-early-'));
  dirs.push(dataDir);
  await extractPgliteTemplate(pgliteTemplate()!, path.join(dataDir, 'db'));
  return dataDir;
}

describe('opening the embedded database before the app loads (main.ts)', () => {
  it('says when the engine is opening, so the app loads beside it, and opens it', async () => {
    const early = openEarly(configFor(await existingDatabase()), silent)!;
    await early.started;
    const unlock = await early.locked;
    const pglite = await early.pglite!;
    expect((await pglite.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await pglite.close();
    await unlock();
  }, 60_000);

  it('settles `started` when the directory is in use too (main.ts waits on it), and says why', async () => {
    const dataDir = await existingDatabase();
    const held = await lockDataDir(dataDir);
    try {
      const early = openEarly(configFor(dataDir), silent)!;
      await early.started;
      await expect(early.locked).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(early.pglite!).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await held();
    }
  });

  it('has nothing to do for PostgreSQL', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://127.0.0.1:9/none', JWT_SECRET: 'x'.repeat(64) });
    expect(openEarly(config, silent)).toBeUndefined();
  });
});
