import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../../db/client';
import { ident, listTables, type TableInfo } from './catalog';
import { addForeignKeys, dropForeignKeys, listForeignKeys, settleOrphans, type OrphanFix } from './foreign-keys';
import { BackupError, DB_PREFIX, MEDIA_PREFIX, tableOfEntry } from './format';
import { applyMigrations } from './migrations';
import { checkCompatible, readBackup, type EntrySink } from './read-backup';
import { withWriteTransaction, type SqlRunner } from './runner';

const BATCH = 1000;

/** JSON lines in, batched inserts out: json_populate_recordset turns each row back into exactly the values it had. */
function tableSink(run: SqlRunner, t: TableInfo): EntrySink & { rows: () => number } {
  let rest = '';
  let lines: string[] = [];
  let rows = 0;
  const cols = t.columns.map(ident).join(', ');
  const flush = async () => {
    if (!lines.length) return;
    const batch = lines;
    lines = [];
    await run.query(
      `insert into ${ident(t.name)} (${cols}) select ${cols} from json_populate_recordset(null::${ident(t.name)}, $1::json)`,
      [`[${batch.join(',')}]`],
    );
    rows += batch.length;
  };
  return {
    async write(chunk) {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      for (const p of parts) if (p) lines.push(p);
      if (lines.length >= BATCH) await flush();
    },
    async end() {
      if (rest) lines.push(rest);
      rest = '';
      await flush();
    },
    rows: () => rows,
  };
}

/** media/sermons/a.mp4 → <dir>/sermons/a.mp4, refusing any name that would leave the folder. */
function mediaSink(dir: string, name: string): EntrySink {
  const rel = name.slice(MEDIA_PREFIX.length);
  const target = path.resolve(dir, rel);
  if (!target.startsWith(path.resolve(dir) + path.sep))
    throw new BackupError(`The backup holds a file outside the media folder (${rel}); refusing it.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const out = fs.createWriteStream(target);
  return {
    write: (chunk) => (out.write(chunk) ? undefined : new Promise<void>((r) => out.once('drain', () => r()))),
    end: () => new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve()))),
  };
}

export interface RestoreSummary {
  createdAt: string;
  appVersion: string;
  tables: { name: string; rows: number }[];
  mediaFiles: number;
  /** Migrations applied after loading (the backup came from an older release). */
  upgraded: number;
  /** Where the media folder that was replaced now is (null when there was none). */
  previousMedia: string | null;
  /**
   * Rows that pointed at rows deleted while an embedded-database backup was being taken, given what
   * their key's ON DELETE rule does (foreign-keys.ts). Empty for a backup taken at one instant.
   */
  orphans: OrphanFix[];
}

/**
 * Replaces the database and the media folder with a backup's. The file is
 * checked end to end first (a damaged or newer file changes nothing); then, in
 * one transaction, the schema is rebuilt to the backup's version, every row
 * loaded and counted, and the newer migrations of this release applied. The
 * media are written to a new folder and swapped in only after the commit.
 */
export async function restoreBackup(database: Database, uploadDir: string, file: string): Promise<RestoreSummary> {
  const { manifest, entries } = await readBackup(file);
  checkCompatible(manifest);
  const expected = new Map(entries.filter((e) => e.name.startsWith(DB_PREFIX)).map((e) => [tableOfEntry(e.name), e.rows ?? 0]));
  const staging = `${uploadDir}.restoring-${Date.now()}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  let mediaFiles = 0;
  let upgraded = 0;
  let orphans: OrphanFix[] = [];
  const tables: RestoreSummary['tables'] = [];
  try {
    await withWriteTransaction(database, async (run) => {
      await run.exec('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
      await applyMigrations(run, { upTo: manifest.schema.version });
      const info = new Map((await listTables(run)).map((t) => [t.name, t]));
      // Migrations may put rows in (the giving migration adds the General fund): the backup holds the church's own copy of them.
      if (info.size) await run.exec(`TRUNCATE ${[...info.keys()].map(ident).join(', ')} CASCADE`);
      // The rows go back exactly as saved: triggers that keep derived tables (the giving rollups) would
      // add to what the backup already holds of those tables. Their own rows are in the backup.
      for (const t of info.keys()) await run.exec(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
      // Keys off while the rows go in (in whatever order the file has them), back on and checked after.
      const keys = await listForeignKeys(run);
      await dropForeignKeys(run, keys);
      const sinks = new Map<string, ReturnType<typeof tableSink>>();
      await readBackup(file, async (name) => {
        if (name.startsWith(MEDIA_PREFIX)) {
          mediaFiles += 1;
          return mediaSink(staging, name);
        }
        const table = tableOfEntry(name);
        const t = info.get(table);
        if (!t) throw new BackupError(`The backup holds a table this schema does not have (${table}).`);
        const sink = tableSink(run, t);
        sinks.set(table, sink);
        return sink;
      });
      orphans = await settleOrphans(run, keys);
      try {
        await addForeignKeys(run, keys);
      } catch (err) {
        throw new BackupError(`The backup's rows do not fit together (${(err as Error).message}); nothing was changed.`);
      }
      for (const t of info.keys()) await run.exec(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);
      const removed = new Map(orphans.map((o) => [o.table, o.removed]));
      for (const [table, saved] of expected) {
        const rows = saved - (removed.get(table) ?? 0);
        const [{ n }] = (await run.query<{ n: string | number }>(`select count(*) as n from ${ident(table)}`)) as [{ n: string | number }];
        if (Number(n) !== rows)
          throw new BackupError(`Restoring ${table} gave ${n} rows where the backup holds ${rows}; nothing was changed.`);
        tables.push({ name: table, rows });
      }
      for (const t of info.values()) {
        for (const col of t.serials) {
          await run.query(
            `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${ident(col)}) from ${ident(t.name)}), 0) + 1, false)`,
            [ident(t.name), col],
          );
        }
      }
      upgraded = await applyMigrations(run);
    });
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  let previousMedia: string | null = null;
  if (fs.existsSync(uploadDir)) {
    previousMedia = `${uploadDir}.before-restore-${manifest.createdAt.replace(/[:.]/g, '-')}-${Date.now()}`;
    fs.renameSync(uploadDir, previousMedia);
  }
  fs.renameSync(staging, uploadDir);
  return { createdAt: manifest.createdAt, appVersion: manifest.appVersion, tables, mediaFiles, upgraded, previousMedia, orphans };
}
