import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';
import { createPglite } from './pglite-open';
import { migrateEmbedded } from './pglite-migrate';
import { pgliteTemplate } from './pglite-template';

const open: PGlite[] = [];
const fresh = async () => {
  const pglite = await createPglite({ loadDataDir: new Blob([fs.readFileSync(pgliteTemplate()!)]) });
  open.push(pglite);
  return pglite;
};
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(open.map((p) => p.close()));
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** Everything the migrations make, as text: columns, constraints, indexes, triggers, functions, types, extensions. */
async function schemaOf(pglite: PGlite): Promise<unknown> {
  const q = async (text: string) => (await pglite.query(text)).rows;
  return {
    columns: await q(`select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3`),
    constraints: await q(`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint
      where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) order by 1, 2`),
    indexes: await q(`select schemaname, indexname, indexdef from pg_indexes where schemaname not in ('pg_catalog') order by 1, 2`),
    triggers: await q(
      `select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    functions: await q(`select proname, pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind = 'f' order by 1, 2`),
    types: await q(`select typname from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public' order by 1`),
    extensions: await q(`select extname from pg_extension order by 1`),
  };
}
const journal = async (pglite: PGlite) =>
  (await pglite.query('select id, hash, created_at::text from "drizzle"."__drizzle_migrations" order by id')).rows;

describe('migrating the embedded database', () => {
  it("makes what drizzle's migrator makes, and writes the same journal", async () => {
    const [ours, theirs] = await Promise.all([fresh(), fresh()]);
    await migrateEmbedded(ours, MIGRATIONS_DIR);
    await migrate(drizzle(theirs), { migrationsFolder: MIGRATIONS_DIR });
    expect(await journal(ours)).toEqual(await journal(theirs));
    expect((await journal(ours)).length).toBe(fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
    expect(await schemaOf(ours)).toEqual(await schemaOf(theirs));
    // Run again: nothing pending, nothing changes.
    await migrateEmbedded(ours, MIGRATIONS_DIR);
    expect(await journal(ours)).toEqual(await journal(theirs));
  }, 120_000);

  it('applies only what is pending (an older database, upgraded), and a failing migration applies nothing', async () => {
    // The first 20 migrations, as an older release shipped them.
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'church-migrations-'));
    dirs.push(older);
    fs.cpSync(MIGRATIONS_DIR, older, { recursive: true });
    const file = path.join(older, 'meta', '_journal.json');
    const meta = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Array<{ tag: string; when: number }> };
    fs.writeFileSync(file, JSON.stringify({ ...meta, entries: meta.entries.slice(0, 20) }));
    const upgraded = await fresh();
    await migrateEmbedded(upgraded, older);
    expect(await journal(upgraded)).toHaveLength(20);

    // A broken next migration: the transaction rolls back, the journal stays at 20.
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'church-migrations-broken-'));
    dirs.push(broken);
    fs.cpSync(older, broken, { recursive: true });
    const next = meta.entries[20]!;
    fs.writeFileSync(
      path.join(broken, `${next.tag}.sql`),
      'create table church_ok (id int);\n--> statement-breakpoint\nselect no_such_column from church_ok;',
    );
    fs.writeFileSync(path.join(broken, 'meta', '_journal.json'), JSON.stringify({ ...meta, entries: meta.entries.slice(0, 21) }));
    await expect(migrateEmbedded(upgraded, broken)).rejects.toThrow(/no_such_column/);
    expect(await journal(upgraded)).toHaveLength(20);
    expect((await upgraded.query(`select to_regclass('church_ok') as t`)).rows).toEqual([{ t: null }]);

    await migrateEmbedded(upgraded, MIGRATIONS_DIR);
    const reference = await fresh();
    await migrate(drizzle(reference), { migrationsFolder: MIGRATIONS_DIR });
    expect(await journal(upgraded)).toEqual(await journal(reference));
    expect(await schemaOf(upgraded)).toEqual(await schemaOf(reference));
  }, 120_000);
});
