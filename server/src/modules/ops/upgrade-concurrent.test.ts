import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { scratchDatabase } from '../../realtime/test-servers';
import { appliedMigrations } from './backup/write-backup';
import { upgradeDatabase } from './upgrade';
import { codeSchemaVersion } from './version';

/**
 * Two instances started at once on one empty PostgreSQL (a fresh install
 * behind a load balancer) both come up: the upgrade takes an advisory lock, so
 * the second waits and then finds nothing left to do. Without it they ran the
 * same migrations side by side and one failed on the other's objects.
 */
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('upgrade: several instances at once', () => {
  it('two servers upgrading one empty database at the same time both succeed', async () => {
    const db = await scratchDatabase(process.env.TEST_DATABASE_URL!);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-upgrade-'));
    const [one, two] = await Promise.all([
      openDatabase({ databaseUrl: db.url, poolMax: 3 }),
      openDatabase({ databaseUrl: db.url, poolMax: 3 }),
    ]);
    try {
      const opts = { uploadDir: dir, backupDir: dir, log: () => {} };
      const results = await Promise.all([upgradeDatabase(one, opts), upgradeDatabase(two, opts)]);
      const code = codeSchemaVersion();
      expect(results.map((r) => r.applied).sort()).toEqual([0, code.version]);
      expect(await appliedMigrations(one)).toBe(code.version);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
