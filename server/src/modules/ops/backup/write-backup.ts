import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import tar from 'tar-stream';
import type { Database } from '../../../db/client';
import { APP_VERSION, codeSchemaVersion } from '../version';
import { ident, listTables, type TableInfo } from './catalog';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CHECKSUMS,
  DB_PREFIX,
  MANIFEST,
  MEDIA_PREFIX,
  type ChecksumEntry,
  type Manifest,
} from './format';
import { withReadSnapshot, type SqlRunner } from './runner';

const BATCH = 2000;

/** How many migrations the database has applied (0 for a new one). */
export async function appliedMigrations(database: Database): Promise<number> {
  return withReadSnapshot(database, async (run) => {
    const [exists] = await run.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
    if (!exists?.t) return 0;
    const [row] = await run.query<{ n: string | number }>('select count(*) as n from drizzle.__drizzle_migrations');
    return Number(row?.n ?? 0);
  });
}

/** Rows of one table as JSON lines, in primary-key order, a batch at a time (never the whole table in memory). */
async function spoolTable(run: SqlRunner, t: TableInfo, file: string): Promise<{ rows: number; size: number; sha256: string }> {
  const out = fs.createWriteStream(file);
  const hash = crypto.createHash('sha256');
  let rows = 0;
  let size = 0;
  const keyCols = t.key.map((k) => `t.${ident(k.column)}`);
  const keyText = t.key.map((k, i) => `t.${ident(k.column)}::text as k${i}`).join(', ');
  let last: string[] | null = null;
  try {
    for (;;) {
      const after = last ? `where (${keyCols.join(', ')}) > (${t.key.map((k, i) => `$${i + 1}::${k.type}`).join(', ')})` : '';
      const batch: Record<string, string>[] = await run.query<Record<string, string>>(
        `select row_to_json(t)::text as j${keyText ? `, ${keyText}` : ''} from ${ident(t.name)} t ${after}
          order by ${keyCols.length ? keyCols.join(', ') : '1'} limit ${t.key.length ? BATCH : 'all'}`,
        last ?? [],
      );
      if (batch.length === 0) break;
      const chunk = batch.map((r) => r.j).join('\n') + '\n';
      const buf = Buffer.from(chunk, 'utf8');
      hash.update(buf);
      size += buf.length;
      rows += batch.length;
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      if (!t.key.length || batch.length < BATCH) break;
      const end = batch.at(-1)!;
      last = t.key.map((_, i) => end[`k${i}`]!);
      // Between batches the embedded database serves waiting requests.
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  return { rows, size, sha256: hash.digest('hex') };
}

function* walk(dir: string, rel = ''): Generator<string> {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const d of names.sort((a, b) => a.name.localeCompare(b.name))) {
    const r = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) yield* walk(dir, r);
    else if (d.isFile()) yield r;
  }
}

/** Appends a file of known size to the archive, hashing what goes in. */
async function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  if (size === 0) {
    await addBuffer(pack, name, Buffer.alloc(0));
    return hash.digest('hex');
  }
  const entry = pack.entry({ name, size, mode: 0o600 });
  // Exactly the bytes stat saw: a file appended to meanwhile still matches its header.
  const src = fs.createReadStream(file, { start: 0, end: size - 1 });
  src.on('data', (c) => hash.update(c as Buffer));
  await pipeline(src, entry);
  return hash.digest('hex');
}

function addBuffer(pack: tar.Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: data.length, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())),
  );
}

export interface BackupSummary {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  mediaFiles: number;
  mediaBytes: number;
}

/**
 * Writes one backup (database rows as JSON lines per table, then every
 * uploaded file, then the checksums of all of it) to `out` as a tar stream.
 * The server keeps running: on PostgreSQL the rows come from one snapshot; on
 * the embedded database table by table in small batches.
 */
export async function writeBackup(database: Database, uploadDir: string, out: Writable): Promise<BackupSummary> {
  const pack = tar.pack();
  const piped = pipeline(pack, out);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'church-backup-'));
  const sums: ChecksumEntry[] = [];
  try {
    const code = codeSchemaVersion();
    // The schema the database is at (before an upgrade it is older than this code's).
    const applied = await appliedMigrations(database);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      schema: { version: applied, tag: code.tags[applied - 1] ?? 'none' },
      createdAt: new Date().toISOString(),
      database: database.kind,
      snapshot: database.kind === 'postgres',
    };
    const manifestBuf = Buffer.from(JSON.stringify(manifest, null, 2));
    await addBuffer(pack, MANIFEST, manifestBuf);
    sums.push({ name: MANIFEST, size: manifestBuf.length, sha256: crypto.createHash('sha256').update(manifestBuf).digest('hex') });

    const tables: BackupSummary['tables'] = [];
    await withReadSnapshot(database, async (run) => {
      const list = await listTables(run);
      let i = 0;
      for (const t of list) {
        i += 1;
        const name = `${DB_PREFIX}${String(i).padStart(4, '0')}-${t.name}.jsonl`;
        const file = path.join(tmp, `${i}.jsonl`);
        const spooled = await spoolTable(run, t, file);
        await addFile(pack, name, file, spooled.size);
        fs.rmSync(file);
        sums.push({ name, size: spooled.size, sha256: spooled.sha256, rows: spooled.rows });
        tables.push({ name: t.name, rows: spooled.rows });
      }
    });

    let mediaFiles = 0;
    let mediaBytes = 0;
    for (const rel of walk(uploadDir)) {
      const file = path.join(uploadDir, rel);
      let size: number;
      try {
        size = fs.statSync(file).size;
      } catch {
        continue; // removed while we walked
      }
      const name = `${MEDIA_PREFIX}${rel}`;
      const sha256 = await addFile(pack, name, file, size);
      sums.push({ name, size, sha256 });
      mediaFiles += 1;
      mediaBytes += size;
    }
    await addBuffer(pack, CHECKSUMS, Buffer.from(JSON.stringify({ entries: sums })));
    pack.finalize();
    await piped;
    return { manifest, tables, mediaFiles, mediaBytes };
  } catch (err) {
    pack.destroy(err as Error);
    await piped.catch(() => {});
    throw err;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
