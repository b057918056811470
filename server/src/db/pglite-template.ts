import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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

/** The shipped empty cluster, when there is one made by the installed PGlite; otherwise undefined (initdb). */
export function pgliteTemplate(file = PGLITE_TEMPLATE, info = TEMPLATE_INFO): Blob | undefined {
  if (!fs.existsSync(file) || !fs.existsSync(info)) return undefined;
  const { pglite } = JSON.parse(fs.readFileSync(info, 'utf8')) as { pglite?: string };
  if (pglite !== installedPgliteVersion()) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
