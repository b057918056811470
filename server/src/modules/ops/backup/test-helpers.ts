import crypto from 'node:crypto';
import fs from 'node:fs';
import tar from 'tar-stream';
import { CHECKSUMS, MANIFEST, type ChecksumEntry, type Manifest } from './format';

/** Rewrites a backup's manifest (and its checksum) — for tests that need a file from another version. */
export async function rewriteManifest(src: string, dest: string, change: (m: Manifest) => void) {
  const extract = tar.extract();
  fs.createReadStream(src).pipe(extract);
  const pack = tar.pack();
  const done = new Promise<void>((resolve, reject) => pack.pipe(fs.createWriteStream(dest)).on('finish', resolve).on('error', reject));
  let manifestSum: ChecksumEntry | undefined;
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    let data = Buffer.concat(chunks);
    if (entry.header.name === MANIFEST) {
      const m = JSON.parse(data.toString('utf8')) as Manifest;
      change(m);
      data = Buffer.from(JSON.stringify(m, null, 2));
      manifestSum = { name: MANIFEST, size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') };
    }
    if (entry.header.name === CHECKSUMS) {
      const list = JSON.parse(data.toString('utf8')) as { entries: ChecksumEntry[] };
      list.entries = list.entries.map((e) => (e.name === MANIFEST ? manifestSum! : e));
      data = Buffer.from(JSON.stringify(list));
    }
    pack.entry({ name: entry.header.name, size: data.length }, data);
  }
  pack.finalize();
  await done;
}
