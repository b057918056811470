import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../db/client';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The release (root package.json) this code is. */
export const APP_VERSION: string = (() => {
  const file = path.join(import.meta.dirname, '../../../package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
})();

/**
 * The schema this code expects: the number of migrations it ships and the
 * newest one's tag. A backup records it; a restore refuses a file whose
 * schema is newer than this code knows.
 */
export function codeSchemaVersion(migrationsDir = MIGRATIONS_DIR): { version: number; tag: string; tags: string[] } {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as Journal;
  const tags = journal.entries.map((e) => e.tag);
  return { version: tags.length, tag: tags.at(-1) ?? 'none', tags };
}
