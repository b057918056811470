import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { MIGRATIONS_DIR, type Database } from '../../db/client';
import { readBackup } from './backup/read-backup';
import { restoreBackup } from './backup/restore';
import { appliedMigrations } from './backup/write-backup';
import { UpgradeError, upgradeDatabase } from './upgrade';
import { codeSchemaVersion } from './version';

/** Made by server/src/cli/make-schema-fixture.ts: one backup per released schema, with data in it. */
const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/schema');
const FIXTURE_PASSWORD = 'Fixture-Admin-42';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = async (email: string) => {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: FIXTURE_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return json(res).token as string;
};

describe('upgrades from every kept schema', () => {
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.tar'));
  it('keeps at least one fixture', () => expect(files.length).toBeGreaterThan(0));

  // A release that adds a migration adds its fixture too (a committed file, not one made during the test:
  // a fixture made by the code under test would always match it, and the point is that data written by
  // this release's schema survives the next release's migrations).
  it('keeps a fixture of the newest schema', async () => {
    const code = codeSchemaVersion();
    const versions = await Promise.all(files.map(async (f) => (await readBackup(path.join(FIXTURES, f))).manifest.schema));
    const newest = versions.reduce((a, b) => (b.version > a.version ? b : a));
    expect(
      { version: newest.version, tag: newest.tag },
      `No schema fixture for ${code.tag}: run \`node --import tsx server/src/cli/make-schema-fixture.ts\` and commit the file`,
    ).toEqual({ version: code.version, tag: code.tag });
    expect(files).toContain(`${code.tag}.tar`);
  });

  for (const name of files) {
    it(`${name}: every row survives the upgrade to the newest schema and reads through the API`, async () => {
      const file = path.join(FIXTURES, name);
      const { entries } = await readBackup(file);
      const restored = await restoreBackup(t.database, t.config.uploadDir, file);
      expect(await appliedMigrations(t.database)).toBe(codeSchemaVersion().version);
      for (const e of entries.filter((x) => x.rows !== undefined)) {
        const table = e.name.replace(/^db\/\d+-/, '').replace(/\.jsonl$/, '');
        const res = await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
        expect({ table, n: (res as unknown as { rows: { n: number }[] }).rows[0]!.n }).toEqual({ table, n: e.rows });
      }
      expect(restored.mediaFiles).toBeGreaterThan(0);

      const admin = await login('fixture.admin@example.org');
      const members = json(await t.request({ method: 'GET', url: '/api/members?limit=50', token: admin }));
      expect(members.data.members.map((m: { name: string }) => m.name)).toEqual(
        expect.arrayContaining(['Fixture Admin', 'Zanele Fixture']),
      );
      const zanele = await login('zanele.fixture@example.org');
      const history = json(await t.request({ method: 'GET', url: '/api/giving/user-history', token: zanele }));
      expect(JSON.stringify(history)).toContain('500');
      const prayers = json(await t.request({ method: 'GET', url: '/api/prayers', token: zanele }));
      expect(JSON.stringify(prayers)).toContain('For my family');
    });
  }
});

describe('a migration that fails half way', () => {
  let dir: string;
  beforeAll(() => {
    // This release's migrations plus one whose second statement fails.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-broken-migrations-'));
    fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken' });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(
      path.join(dir, '9999_broken.sql'),
      'CREATE TABLE "half_done" ("id" integer);--> statement-breakpoint\nALTER TABLE "users" ADD COLUMN "email" text;',
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves the database as it was, backed up, with a message that says what to do', async () => {
    await createUser(t, { name: 'Before Upgrade' });
    const broken: Database = {
      ...t.database,
      migrate: async () => {
        if (t.database.kind === 'postgres') await migratePg(t.database.db as never, { migrationsFolder: dir });
        else await migratePglite(t.database.db as never, { migrationsFolder: dir });
      },
    };
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-upgrade-backups-'));
    const usersBefore = (await t.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] };
    const err = await upgradeDatabase(broken, { uploadDir: t.config.uploadDir, backupDir, log: () => {}, migrationsDir: dir }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UpgradeError);
    const message = (err as Error).message;
    expect(message).toMatch(/failed, and the upgrade was undone: the data is exactly as it was/);
    expect(message).toMatch(/start the previous version of the platform again/);
    expect(message).toContain('already exists');

    const halfDone = (await t.database.db.execute(sql`select to_regclass('public.half_done')::text as t`)) as unknown as {
      rows: { t: string | null }[];
    };
    expect(halfDone.rows[0]!.t).toBeNull();
    expect(await appliedMigrations(t.database)).toBe(codeSchemaVersion().version);
    const usersAfter = (await t.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] };
    expect(usersAfter.rows[0]!.n).toBe(usersBefore.rows[0]!.n);

    // The backup taken before the attempt is whole and at the schema the database was at.
    const [backup] = fs.readdirSync(backupDir);
    expect(backup).toMatch(/^before-upgrade-.*-to-9999_broken-.*\.tar$/);
    const { manifest } = await readBackup(path.join(backupDir, backup!));
    expect(manifest.schema.tag).toBe(codeSchemaVersion().tag);
    expect(message).toContain(backup);
    fs.rmSync(backupDir, { recursive: true, force: true });
  });
});
