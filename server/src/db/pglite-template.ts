import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/**
 * A new embedded database starts from a copy of an empty PGlite cluster that ships with the product
 * (server/assets/pglite/initdb.tar.gz, made by scripts/pglite-template.mjs) instead of running initdb:
 * initdb is ~5.8 s of CPU in WASM, loading the copy ~1.2 s, the largest part of a first start
 * (issue 18: first `npm start` to a searchable Bible in ≤ 15 s). The copy is an empty cluster, before
 * our migrations, so it does not change when the schema does; it is used only with the PGlite release
 * that made it, and any other runs initdb as before.
 */
const ASSETS = path.resolve(import.meta.dirname, '../../assets/pglite');
export const PGLITE_TEMPLATE = path.join(ASSETS, 'initdb.tar.gz');
const TEMPLATE_INFO = path.join(ASSETS, 'initdb.json');

/** The installed @electric-sql/pglite release (its package.json is not among the package's exports). */
export function installedPgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('The installed @electric-sql/pglite has no package.json');
    dir = up;
  }
}

/** The shipped empty cluster's file, when the installed PGlite made it; otherwise undefined (initdb). */
export function pgliteTemplate(file = PGLITE_TEMPLATE, info = TEMPLATE_INFO): string | undefined {
  if (!fs.existsSync(file) || !fs.existsSync(info)) return undefined;
  const { pglite } = JSON.parse(fs.readFileSync(info, 'utf8')) as { pglite?: string };
  return pglite === installedPgliteVersion() ? file : undefined;
}

/**
 * The compiled server's migrated copy, beside its bundle (server/build/pglite-template, made by
 * scripts/build-server.mjs through prepare-worker): the empty cluster with our migrations and the job
 * queue's schema applied, ~0.6 s of a first start done once per build instead (issue 16: first start ≤ 5 s).
 * A folder, copied as it is. Used only when its marker names the installed PGlite; a build made before a
 * migration was added is not possible (a changed migration rebuilds the server), and the first start
 * migrates whatever the copy lacks anyway.
 */
export const MIGRATED_TEMPLATE = 'pglite-template';

/** The migrated copy in `buildDir`, when whole (its marker written last) and made by the installed PGlite. */
export function migratedTemplate(buildDir: string): string | undefined {
  const dir = path.join(buildDir, MIGRATED_TEMPLATE);
  const marker = `${dir}.json`;
  if (!fs.existsSync(marker) || !fs.existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  const { pglite } = JSON.parse(fs.readFileSync(marker, 'utf8')) as { pglite?: string };
  return pglite === installedPgliteVersion() ? dir : undefined;
}

/** Marks a migrated copy made in `buildDir` whole (scripts/build-server.mjs, once prepare-worker closed it). */
export function markMigratedTemplate(buildDir: string): void {
  const marker = path.join(buildDir, `${MIGRATED_TEMPLATE}.json`);
  fs.writeFileSync(marker, JSON.stringify({ pglite: installedPgliteVersion() }) + '\n');
}

/** Copies a migrated copy to `dataDir` (which must not hold a database), beside it first and renamed into place. */
export function copyPgliteTemplate(templateDir: string, dataDir: string): void {
  const partial = `${dataDir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    fs.cpSync(templateDir, partial, { recursive: true });
    takeOver(partial, dataDir);
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Renames a whole new cluster into place. An empty directory may stand there (made by an earlier start); anything else is not ours to replace. */
function takeOver(partial: string, dataDir: string) {
  if (!fs.existsSync(path.join(partial, 'PG_VERSION'))) throw new Error('The template holds no database');
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
  fs.renameSync(partial, dataDir);
}

/**
 * Writes the shipped empty cluster to `dataDir` (which must not hold a database), straight to disk.
 * PGlite's own `loadDataDir` unpacks the same file through its WebAssembly file system, entry by entry:
 * this takes ~0.4 s less of a first start. It is unpacked beside `dataDir` and renamed into place, so a
 * start cut short never leaves half a cluster that the next start would take for a database.
 */
export async function extractPgliteTemplate(file: string, dataDir: string): Promise<void> {
  const partial = `${dataDir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const root = path.resolve(partial);
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    // A broken file fails an entry's stream too: the pipeline below reports it once.
    stream.on('error', () => {});
    // Names are absolute in PGlite's dumps (/PG_VERSION, /base/1/112 ...): kept inside the directory.
    const target = path.resolve(root, `.${path.posix.sep}${header.name.replace(/^\/+/, '')}`);
    if (target !== root && !target.startsWith(root + path.sep)) return next(new Error(`Unexpected entry ${header.name} in the template`));
    if (header.type === 'directory') {
      fs.mkdirSync(target, { recursive: true });
      stream.on('end', () => next()).resume();
      return;
    }
    if (header.type !== 'file') return next(new Error(`Unexpected entry ${header.name} (${header.type}) in the template`));
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      try {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        next();
      } catch (err) {
        next(err as Error);
      }
    });
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
    takeOver(partial, dataDir);
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}
