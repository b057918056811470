import crypto from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { BackupError, CHECKSUMS, MANIFEST, type ChecksumEntry, type Manifest } from './format';
import { addBuffer, packMedia } from './write-backup';

const INDEX_LIMIT = 64 * 1024 * 1024;

async function readAll(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of entry) {
    n += (c as Buffer).length;
    if (n > INDEX_LIMIT) throw new BackupError('The server sent an index entry that is too large.');
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `npm run backup` on the server's own machine, embedded database: the running
 * server holds the database and sends its rows (GET /api/ops/backup?media=local,
 * a backup without media), and this process adds the uploaded files itself,
 * read straight from the upload folder. The gigabyte of media then never
 * passes through the server's thread (reading, hashing, packing and sending it
 * there made the server's requests wait: bench/reports/backup.md).
 *
 * The result is the same file a whole backup from the server would be: the
 * server's entries as they came (each checked against the checksum the server
 * sent), then the media, then one checksum list of all of it. Media are read
 * after the rows, as in a backup made in one place.
 */
export async function completeWithLocalMedia(
  rows: Readable,
  uploadDir: string,
  out: Writable,
): Promise<{ manifest: Manifest; mediaFiles: number; mediaBytes: number }> {
  const extract = tar.extract();
  rows.on('error', (err) => extract.destroy(err));
  rows.pipe(extract);
  const pack = tar.pack();
  const piped = pipeline(pack, out);
  const received: ChecksumEntry[] = [];
  let sent: ChecksumEntry[] | undefined;
  let manifest: Manifest | undefined;
  try {
    for await (const entry of extract) {
      const { name, size = 0 } = entry.header;
      if (sent) throw new BackupError(`The server sent ${name} after its checksums.`);
      if (name === CHECKSUMS) {
        sent = (JSON.parse((await readAll(entry)).toString('utf8')) as { entries: ChecksumEntry[] }).entries;
        continue;
      }
      const hash = crypto.createHash('sha256');
      if (name === MANIFEST || size === 0) {
        const data = await readAll(entry);
        if (name === MANIFEST) manifest = JSON.parse(data.toString('utf8')) as Manifest;
        hash.update(data);
        await addBuffer(pack, name, data);
      } else {
        await pipeline(
          entry,
          async function* (chunks: AsyncIterable<unknown>) {
            for await (const c of chunks) {
              hash.update(c as Buffer);
              yield c;
            }
          },
          pack.entry({ name, size, mode: 0o600 }),
        );
      }
      received.push({ name, size, sha256: hash.digest('hex') });
    }
    // What arrived is exactly what the server wrote: same entries, same order, same bytes.
    if (!manifest || !sent) throw new BackupError('The server stopped before the backup was complete.');
    const differs =
      sent.length !== received.length ||
      sent.some((e, i) => e.name !== received[i]!.name || e.size !== received[i]!.size || e.sha256 !== received[i]!.sha256);
    if (differs) throw new BackupError('What the server sent does not match its own checksums.');

    const sums = [...sent];
    const media = await packMedia(pack, uploadDir, sums);
    await addBuffer(pack, CHECKSUMS, Buffer.from(JSON.stringify({ entries: sums })));
    pack.finalize();
    await piped;
    return { manifest, mediaFiles: media.files, mediaBytes: media.bytes };
  } catch (err) {
    extract.destroy();
    pack.destroy(err as Error);
    await piped.catch(() => {});
    throw err;
  }
}
