import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { databaseExecutor } from '../../jobs/executor';
import { readBackup } from './backup/read-backup';
import { NIGHTLY_PREFIX, nextRun } from './nightly-backup';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-nightly-'));
  t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
  await createUser(t, { name: 'Lindiwe Mokoena' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('nightly backups (BACKUP_DIR)', () => {
  it('runs as a job: writes a whole backup, keeps the newest BACKUP_KEEP, queues the next night', async () => {
    for (const day of ['2026-11-01', '2026-11-02']) fs.writeFileSync(path.join(dir, `${NIGHTLY_PREFIX}${day}.tar`), 'old');
    fs.writeFileSync(path.join(dir, 'my-own-copy.tar'), 'not ours to remove');
    await t.ctx.jobs.send('ops.nightly-backup', { day: '2026-11-03' });
    await t.ctx.jobs.drain({ names: ['ops.nightly-backup'] });

    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual([`${NIGHTLY_PREFIX}2026-11-02.tar`, `${NIGHTLY_PREFIX}2026-11-03.tar`, 'my-own-copy.tar']);
    const { manifest, entries } = await readBackup(path.join(dir, `${NIGHTLY_PREFIX}2026-11-03.tar`));
    expect(manifest.database).toBe(t.database.kind);
    expect(entries.find((e) => e.name.endsWith('-users.jsonl'))?.rows).toBe(1);

    const queued = await databaseExecutor(t.database).executeSql(
      `select start_after from pgboss.job where name = 'ops.nightly-backup' and state = 'created'`,
      [],
    );
    expect(queued.rows).toHaveLength(1);
    expect(new Date(queued.rows[0]!.start_after as string).getTime()).toBe(nextRun().getTime());
  });

  it('reports the queue in /metrics', async () => {
    const { token } = await createUser(t, { role: 'admin' });
    const res = await t.request({ method: 'GET', url: '/metrics', token });
    expect(res.body).toMatch(/job_queue_jobs\{queue="ops.nightly-backup",state="completed"\} 1/);
    expect(res.body).toMatch(/job_queue_jobs\{queue="ops.nightly-backup",state="created"\} 1/);
  });
});
