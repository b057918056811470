import crypto from 'node:crypto';
import fs from 'node:fs';
import tar from 'tar-stream';
import { codeSchemaVersion } from '../version';
import { BACKUP_FORMAT, BackupError, CHECKSUMS, MANIFEST, type ChecksumEntry, type Manifest } from './format';

const DAMAGED = 'The backup file is damaged or incomplete';

/** Where a data entry's bytes go while it is read (tables to the database, media to files). */
export interface EntrySink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void>;
}

async function readAll(stream: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of stream) {
    n += (c as Buffer).length;
    if (n > limit) throw new BackupError(`${DAMAGED} (an index entry is too large).`);
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Walks a backup file entry by entry (streaming). `onEntry` receives every
 * data entry (tables and media) in file order; the manifest comes first and
 * the checksums last.
 */
export async function readBackup(
  file: string,
  onEntry?: (name: string, manifest: Manifest) => Promise<EntrySink | undefined>,
): Promise<{ manifest: Manifest; entries: ChecksumEntry[] }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  input.on('error', (err) => extract.destroy(err));
  input.pipe(extract);
  let manifest: Manifest | undefined;
  let listed: ChecksumEntry[] | undefined;
  const seen = new Map<string, { size: number; sha256: string }>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST) throw new BackupError('This is not a backup made by this platform (no manifest first).');
        const parsed = JSON.parse((await readAll(entry, 64 * 1024)).toString('utf8')) as Manifest;
        if (parsed.format !== BACKUP_FORMAT) throw new BackupError('This is not a backup made by this platform.');
        manifest = parsed;
        seen.set(name, {
          size: entry.header.size,
          sha256: crypto
            .createHash('sha256')
            .update(JSON.stringify(parsed, null, 2))
            .digest('hex'),
        });
        continue;
      }
      if (name === CHECKSUMS) {
        listed = (JSON.parse((await readAll(entry, 256 * 1024 * 1024)).toString('utf8')) as { entries: ChecksumEntry[] }).entries;
        continue;
      }
      if (listed) throw new BackupError(`${DAMAGED} (data after the checksums).`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const sink = onEntry ? await onEntry(name, manifest) : undefined;
      for await (const chunk of entry) {
        const c = chunk as Buffer;
        hash.update(c);
        size += c.length;
        if (sink) await sink.write(c);
      }
      await sink?.end();
      seen.set(name, { size, sha256: hash.digest('hex') });
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    if (err instanceof SyntaxError) throw new BackupError(`${DAMAGED} (an index entry cannot be read).`);
    throw new BackupError(`${DAMAGED}: ${(err as Error).message}.`);
  } finally {
    input.destroy();
  }
  if (!manifest) throw new BackupError(`${DAMAGED} (it is empty).`);
  if (!listed) throw new BackupError(`${DAMAGED} (the checksums at its end are missing — was the copy cut short?).`);
  for (const e of listed) {
    const got = seen.get(e.name);
    if (!got) throw new BackupError(`${DAMAGED} (${e.name} is missing).`);
    if (e.name !== MANIFEST && (got.size !== e.size || got.sha256 !== e.sha256)) {
      throw new BackupError(`${DAMAGED} (${e.name} does not match its checksum).`);
    }
  }
  const manifestSum = listed.find((e) => e.name === MANIFEST);
  if (!manifestSum || manifestSum.sha256 !== seen.get(MANIFEST)!.sha256)
    throw new BackupError(`${DAMAGED} (the manifest does not match its checksum).`);
  if (seen.size !== listed.length) throw new BackupError(`${DAMAGED} (it holds entries its checksums do not list).`);
  return { manifest, entries: listed };
}

/** A restore may only load a backup whose schema this release knows (the same or older, on the same line of migrations). */
export function checkCompatible(manifest: Manifest) {
  const code = codeSchemaVersion();
  if (manifest.schema.version > code.version) {
    throw new BackupError(
      `This backup was made by a newer version of the platform (${manifest.appVersion}, database schema ${manifest.schema.tag}). ` +
        `This installation is older (schema ${code.tag}): upgrade it first, then restore.`,
    );
  }
  if (code.tags[manifest.schema.version - 1] !== manifest.schema.tag) {
    throw new BackupError(
      `This backup's database schema (${manifest.schema.tag}) is not one this version knows; it was made by a different release. Restore it with the release that made it (${manifest.appVersion}).`,
    );
  }
}
