import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { execFileSync } from 'node:child_process';
import {
  copyPgliteTemplate,
  extractPgliteTemplate,
  installedPgliteVersion,
  MIGRATED_TEMPLATE,
  migratedTemplate,
  PGLITE_TEMPLATE,
  pgliteTemplate,
} from './pglite-template';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from './client';

const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `church-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the shipped empty embedded database', () => {
  it('was made by the installed PGlite (after an upgrade: node scripts/pglite-template.mjs, and commit both files)', () => {
    expect(pgliteTemplate(), `server/assets/pglite was not made by PGlite ${installedPgliteVersion()}`).toBe(PGLITE_TEMPLATE);
  });

  it('becomes a working database in a new data directory: migrations, writes, and a reopen', async () => {
    const dir = path.join(tmp('template'), 'db');
    // An empty directory where the database goes (an earlier start made it) is taken over.
    fs.mkdirSync(dir);
    await extractPgliteTemplate(pgliteTemplate()!, dir);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['db']);
    const first = await openDatabase({ pgliteDir: dir });
    await first.migrate();
    await first.db.execute(
      sql`insert into bible_translations (id, name, english_name, short_name, language) values ('TST', 'Test', 'Test', 'TST', 'eng')`,
    );
    await first.close();
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    const again = await openDatabase({ pgliteDir: dir });
    const rows = (await again.db.execute(sql`select id from bible_translations`)) as unknown as { rows: Array<{ id: string }> };
    expect(rows.rows).toEqual([{ id: 'TST' }]);
    await again.close();
  }, 120_000);

  it('leaves nothing behind when the file cannot be unpacked (no half cluster for the next start to open)', async () => {
    const parent = tmp('template-broken');
    const broken = path.join(parent, 'broken.tar.gz');
    fs.writeFileSync(broken, fs.readFileSync(PGLITE_TEMPLATE).subarray(0, 200_000));
    await expect(extractPgliteTemplate(broken, path.join(parent, 'db'))).rejects.toThrow();
    expect(fs.readdirSync(parent)).toEqual(['broken.tar.gz']);
  });

  it('is not used with another PGlite release, nor when missing', () => {
    const info = path.join(tmp('template-info'), 'initdb.json');
    fs.writeFileSync(info, JSON.stringify({ pglite: '0.0.1' }));
    expect(pgliteTemplate(PGLITE_TEMPLATE, info)).toBeUndefined();
    expect(pgliteTemplate(path.join(os.tmpdir(), 'no-such-template.tar.gz'))).toBeUndefined();
  });
});

describe("the build's migrated copy (scripts/build-server.mjs)", () => {
  it('is made by prepare-worker as a first start would, marked whole, and a copy of it opens with nothing left to migrate', async () => {
    const build = tmp('template-build');
    const work = { pgliteDir: path.join(build, MIGRATED_TEMPLATE), migrate: true, demoData: false, bundledBible: false, asTemplate: true };
    execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'prepare-worker.ts')], {
      env: { ...process.env, CHURCH_PREPARE_WORK: JSON.stringify(work) },
      stdio: 'ignore',
    });
    const template = migratedTemplate(build);
    expect(template).toBe(path.join(build, MIGRATED_TEMPLATE));

    const dir = path.join(tmp('template-copy'), 'db');
    fs.mkdirSync(dir); // an empty directory where the database goes is taken over
    copyPgliteTemplate(template!, dir);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['db']);
    const database = await openDatabase({ pgliteDir: dir });
    const journal = async () =>
      (
        (await database.db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`)) as unknown as {
          rows: Array<{ hash: string }>;
        }
      ).rows;
    const applied = await journal();
    expect(applied.map((r) => r.hash)).toEqual(readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash));
    await database.migrate();
    expect(await journal()).toEqual(applied);
    // The job queue's schema is there too: sending a job needs it.
    const boss = (await database.db.execute(sql`select version from pgboss.version`)) as unknown as { rows: unknown[] };
    expect(boss.rows).toHaveLength(1);
    await database.close();
    // The copy is the new database's own: the template is as it was.
    expect(fs.existsSync(path.join(template!, 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('is not used unless marked whole by the installed PGlite', () => {
    const build = tmp('template-unmarked');
    fs.mkdirSync(path.join(build, MIGRATED_TEMPLATE));
    fs.writeFileSync(path.join(build, MIGRATED_TEMPLATE, 'PG_VERSION'), '17\n');
    expect(migratedTemplate(build)).toBeUndefined();
    fs.writeFileSync(path.join(build, `${MIGRATED_TEMPLATE}.json`), JSON.stringify({ pglite: '0.0.1' }));
    expect(migratedTemplate(build)).toBeUndefined();
    fs.writeFileSync(path.join(build, `${MIGRATED_TEMPLATE}.json`), JSON.stringify({ pglite: installedPgliteVersion() }));
    expect(migratedTemplate(build)).toBe(path.join(build, MIGRATED_TEMPLATE));
  });

  it('is never copied over a database, and a failed copy leaves nothing behind', async () => {
    const parent = tmp('template-taken');
    const template = path.join(parent, 'template');
    fs.mkdirSync(template);
    fs.writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
    const dir = path.join(parent, 'db');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(() => copyPgliteTemplate(template, dir)).toThrow();
    expect(fs.readdirSync(parent).sort()).toEqual(['db', 'template']);
    expect(fs.readdirSync(dir)).toEqual(['PG_VERSION']);
    // A template that is no cluster is refused the same way.
    fs.rmSync(path.join(template, 'PG_VERSION'));
    expect(() => copyPgliteTemplate(template, path.join(parent, 'other'))).toThrow('The template holds no database');
    expect(fs.readdirSync(parent).sort()).toEqual(['db', 'template']);
  });
});
