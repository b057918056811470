/** What a backup file is: a tar with these entries, in this order. */
export const BACKUP_FORMAT = 'church-platform-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.json';
export const DB_PREFIX = 'db/';
export const MEDIA_PREFIX = 'media/';

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  /** Number of migrations applied and the newest one's tag when the backup was taken. */
  schema: { version: number; tag: string };
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** true: every table was read at one instant (PostgreSQL); false: table by table between requests (embedded). */
  snapshot: boolean;
}

export interface ChecksumEntry {
  name: string;
  size: number;
  sha256: string;
  /** Rows in a table entry. */
  rows?: number;
}

/** A problem with a backup file or with restoring it, said so a volunteer knows what to do. */
export class BackupError extends Error {}

/** db/0003-users.jsonl → users */
export const tableOfEntry = (name: string) =>
  name
    .slice(DB_PREFIX.length)
    .replace(/^\d+-/, '')
    .replace(/\.jsonl$/, '');
