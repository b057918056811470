// Builds the empty embedded database a new install starts from: PGlite's initdb, run once here, its data
// directory dumped (gzip) into server/assets/pglite/initdb.tar.gz with the PGlite release that made it.
// A first start unpacks this copy instead of running initdb in WASM (~5.8 s); the server uses it only
// with that same PGlite release (server/src/db/pglite-template.ts), so after upgrading
// @electric-sql/pglite run this again and commit both files:
//
//   node scripts/pglite-template.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'server/assets/pglite');
const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
try {
  // No extensions and no start parameters: initdb's output is the same whatever the server opens it with.
  const db = await PGlite.create({ dataDir: dir });
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'initdb.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  fs.writeFileSync(path.join(out, 'initdb.json'), JSON.stringify({ pglite: version }, null, 2) + '\n');
  console.log(`Wrote server/assets/pglite/initdb.tar.gz (${(dump.size / 1e6).toFixed(1)} MB) for PGlite ${version}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
