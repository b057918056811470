// Builds the Bible that ships with the product: the Berean Standard Bible
// (public domain) as its USFM files, brotli-compressed into one committed file
// that the server imports on first start, so reading and search work offline.
//
//   node scripts/bundle-bible.mjs [folder of USFM files]   (default ../shared/bible/bsb)
//
// The USFM files themselves are not committed; this derived file is.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const folder = path.resolve(process.argv[2] ?? path.join(root, '../shared/bible/bsb'));
const out = path.join(root, 'server/assets/bible/bsb.usfm.json.br');

const files = fs
  .readdirSync(folder)
  .filter((f) => /\.(usfm|sfm)$/i.test(f))
  .sort()
  .map((name) => ({ name, content: fs.readFileSync(path.join(folder, name), 'utf8') }));
if (files.length !== 66) throw new Error(`Expected 66 USFM files in ${folder}, found ${files.length}`);

const bundle = { id: 'BSB', name: 'Berean Standard Bible', englishName: 'Berean Standard Bible', shortName: 'BSB', language: 'eng', files };
const compressed = zlib.brotliCompressSync(Buffer.from(JSON.stringify(bundle)), {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: 5_000_000 },
});
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, compressed);
console.log(`Wrote ${path.relative(root, out)}: ${files.length} books, ${(compressed.length / 1e6).toFixed(2)} MB`);
