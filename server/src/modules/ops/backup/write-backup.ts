import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import tar from 'tar-stream';
import type { Database } from '../../../db/client';
import { APP_VERSION, codeSchemaVersion } from '../version';
import { BACKUP_LEAVES_OUT, ident, listTables, type TableInfo } from './catalog';
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
import { createPacer, type Pacer } from '../../../jobs/pace';

/**
 * Rows per query. The embedded database runs each query on the server's own thread, so one batch is a
 * pause for every request that arrives meanwhile: a request waits for the batch under way, and, when
 * its own query misses the rest that follows, for the next one too. Its p99 during a backup is about
 * two batches long, so on PGlite a batch is sized by time, not rows: rows cost 1 µs (a day's total)
 * to over 300 µs (a Bible chapter), and a fixed 250 rows held the thread 15–100 ms
 * (bench/reports/backup.md). PostgreSQL works beside the server, so bigger batches cost nothing.
 */
const PG_BATCH = 2000;
/** Wall time one PGlite batch may hold the server's thread (the idle p99 of a request is ~13 ms). */
const PGLITE_BATCH_MS = 4;

export interface BatchSizer {
  /** Rows to ask for next. */
  next(): number;
  /** What the last batch cost (query, JSON text, hash, write). */
  took(ms: number, rows: number): void;
}

/** Fixed batches (PostgreSQL), or batches sized to take about `targetMs` each (PGlite). */
export function batchSizer(kind: Database['kind'], targetMs = PGLITE_BATCH_MS): BatchSizer {
  if (kind !== 'pglite') return { next: () => PG_BATCH, took: () => {} };
  let size = 20;
  return {
    next: () => size,
    took(ms, rows) {
      if (rows < size) return; // the table's last batch: nothing learned about a full one
      const fits = Math.floor((targetMs * rows) / Math.max(ms, 0.01));
      // At most doubling per batch (one fast batch must not overshoot); never below 10 rows, never above 1,000.
      size = Math.min(1000, Math.max(10, Math.min(size * 2, fits)));
    },
  };
}

/**
 * On the embedded database the backup runs on the server's own thread and
 * connection: it holds them at most this share of the time, resting between
 * batches (and between megabytes of media) so requests are served in between
 * (jobs/pace.ts says why a rest and not a bare setImmediate). Measured with
 * bench/src/backup.ts: bench/reports/backup.md.
 */
const PGLITE_SHARE = 0.5;
/** Media bytes hashed and packed between two rests on the embedded database. */
const MEDIA_SLICE = 1024 * 1024;

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
async function spoolTable(
  run: SqlRunner,
  t: TableInfo,
  file: string,
  sizer: BatchSizer,
  pacer: Pacer | null,
  signal: AbortSignal,
): Promise<{ rows: number; size: number; sha256: string }> {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  // A write error (a full disk) is awaited below through end(); listened to here so it cannot throw meanwhile.
  let failed: Error | null = null;
  out.on('error', (err) => (failed ??= err));
  const hash = crypto.createHash('sha256');
  let rows = 0;
  let size = 0;
  const leftOut = BACKUP_LEAVES_OUT[t.name];
  const keyCols = t.key.map((k) => `t.${ident(k.column)}`);
  // Left-out columns go as null: the restore's json_populate_recordset fills what a row does not name with null.
  const dropped = Array.isArray(leftOut) ? [leftOut] : [];
  const rowJson = dropped.length ? `(to_jsonb(t) - $1::text[])::text` : 'row_to_json(t)::text';
  const keyText = t.key.map((k, i) => `t.${ident(k.column)}::text as k${i}`).join(', ');
  let last: string[] | null = null;
  try {
    for (;;) {
      if (leftOut === 'rows') break;
      signal.throwIfAborted();
      if (failed) throw failed;
      const after = last
        ? `where (${keyCols.join(', ')}) > (${t.key.map((k, i) => `$${dropped.length + i + 1}::${k.type}`).join(', ')})`
        : '';
      const batchSize = sizer.next();
      const started = performance.now();
      const batch: Record<string, string>[] = await run.query<Record<string, string>>(
        `select ${rowJson} as j${keyText ? `, ${keyText}` : ''} from ${ident(t.name)} t ${after}
          order by ${keyCols.length ? keyCols.join(', ') : '1'} limit ${t.key.length ? batchSize : 'all'}`,
        [...dropped, ...(last ?? [])],
      );
      if (batch.length === 0) break;
      const chunk = batch.map((r) => r.j).join('\n') + '\n';
      const buf = Buffer.from(chunk, 'utf8');
      hash.update(buf);
      size += buf.length;
      rows += batch.length;
      const full = out.write(buf);
      sizer.took(performance.now() - started, batch.length);
      if (!full) await drained(out, signal);
      if (!t.key.length || batch.length < batchSize) break;
      const end = batch.at(-1)!;
      last = t.key.map((_, i) => end[`k${i}`]!);
      // Between batches the embedded database serves waiting requests.
      if (pacer) await pacer.rest();
      else await new Promise((r) => setImmediate(r));
    }
  } finally {
    if (out.destroyed || failed) out.destroy();
    else await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  if (failed) throw failed;
  return { rows, size, sha256: hash.digest('hex') };
}

/** Waits for 'drain', or stops with the signal or the stream's error (a bare once('drain') would wait forever). */
function drained(out: Writable, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (err?: unknown) => {
      out.off('drain', onDrain);
      out.off('error', done);
      out.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('closed while writing'));
    const onAbort = () => done(signal.reason);
    out.once('drain', onDrain);
    out.once('error', done);
    out.once('close', onClose);
    signal.addEventListener('abort', onAbort, { once: true });
  });
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
export async function addFile(
  pack: tar.Pack,
  name: string,
  file: string,
  size: number,
  pacer: Pacer | null = null,
  signal?: AbortSignal,
): Promise<string> {
  const hash = crypto.createHash('sha256');
  if (size === 0) {
    await addBuffer(pack, name, Buffer.alloc(0), signal);
    return hash.digest('hex');
  }
  const entry = pack.entry({ name, size, mode: 0o600 });
  // Exactly the bytes stat saw: a file appended to meanwhile still matches its header.
  const src = fs.createReadStream(file, { start: 0, end: size - 1, highWaterMark: 256 * 1024 });
  let sinceRest = 0;
  await pipeline(
    src,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const c of chunks) {
        hash.update(c);
        yield c;
        sinceRest += c.length;
        if (pacer && sinceRest >= MEDIA_SLICE) {
          sinceRest = 0;
          await pacer.rest();
        }
      }
    },
    entry,
    ...(signal ? [{ signal }] : []),
  );
  return hash.digest('hex');
}

export function addBuffer(pack: tar.Pack, name: string, data: Buffer, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // A destroyed pack may never call back: the signal ends the wait.
    const onAbort = () => reject(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    pack.entry({ name, size: data.length, mode: 0o600 }, data, (err) => {
      signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    });
  });
}

/** Appends every file under `uploadDir` (walked in name order) as media/…, adding their checksums to `sums`. */
export async function packMedia(
  pack: tar.Pack,
  uploadDir: string,
  sums: ChecksumEntry[],
  pacer: Pacer | null = null,
  signal?: AbortSignal,
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const rel of walk(uploadDir)) {
    const file = path.join(uploadDir, rel);
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      continue; // removed while we walked
    }
    const name = `${MEDIA_PREFIX}${rel}`;
    signal?.throwIfAborted();
    const sha256 = await addFile(pack, name, file, size, pacer, signal);
    sums.push({ name, size, sha256 });
    files += 1;
    bytes += size;
  }
  return { files, bytes };
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
 * `uploadDir` null: the rows only, for `npm run backup` on the server's machine, which adds the media
 * itself (local-media.ts) so that a gigabyte of them never passes through the server's thread.
 */
export async function writeBackup(
  database: Database,
  uploadDir: string | null,
  out: Writable,
  outerSignal?: AbortSignal,
): Promise<BackupSummary> {
  const pack = tar.pack();
  // Issue 29, finding 3: the output can fail at any moment (a download cancelled, a disk full) while this
  // function awaits the database. The pipeline's failure is handled the moment it exists and stops every
  // step through `signal`; it is awaited for its result only at the end. (A pipeline left pending without a
  // handler was an unhandled rejection that ended the server.)
  const controller = new AbortController();
  const signal = outerSignal ? AbortSignal.any([outerSignal, controller.signal]) : controller.signal;
  const piped = pipeline(pack, out, { signal });
  piped.catch((err: unknown) => controller.abort(err));
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
    signal.throwIfAborted();
    await addBuffer(pack, MANIFEST, manifestBuf, signal);
    sums.push({ name: MANIFEST, size: manifestBuf.length, sha256: crypto.createHash('sha256').update(manifestBuf).digest('hex') });

    const tables: BackupSummary['tables'] = [];
    const pacer = database.kind === 'pglite' ? createPacer({ share: PGLITE_SHARE }) : null;
    await withReadSnapshot(database, async (run) => {
      // Children before their parents. The embedded database is read table by table while the server
      // writes on: a row created meanwhile with its parent is then missing whole (its child table was
      // already read), never a child without its parent. A parent deleted meanwhile can leave a child in
      // the file that points at nothing; the restore gives it what ON DELETE says (foreign-keys.ts).
      const list = (await listTables(run)).reverse();
      let i = 0;
      for (const t of list) {
        i += 1;
        signal.throwIfAborted();
        const name = `${DB_PREFIX}${String(i).padStart(4, '0')}-${t.name}.jsonl`;
        const file = path.join(tmp, `${i}.jsonl`);
        const spooled = await spoolTable(run, t, file, batchSizer(database.kind), pacer, signal);
        await addFile(pack, name, file, spooled.size, pacer, signal);
        fs.rmSync(file);
        sums.push({ name, size: spooled.size, sha256: spooled.sha256, rows: spooled.rows });
        tables.push({ name: t.name, rows: spooled.rows });
      }
    });

    const media = uploadDir === null ? { files: 0, bytes: 0 } : await packMedia(pack, uploadDir, sums, pacer, signal);
    signal.throwIfAborted();
    await addBuffer(pack, CHECKSUMS, Buffer.from(JSON.stringify({ entries: sums })), signal);
    pack.finalize();
    await piped;
    return { manifest, tables, mediaFiles: media.files, mediaBytes: media.bytes };
  } catch (err) {
    pack.destroy(err as Error);
    // The output's own failure, when there was one, says more than the step it interrupted.
    const cause = await piped.then(
      () => null,
      (e: unknown) => e,
    );
    throw cause ?? err;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
