import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything the platform writes under DATA_DIR — the database, exports, backups, uploads, secrets — is
 * its own user's alone (issue 29, finding 8: they were created readable by every local user). By
 * construction rather than file by file: the process's umask makes every folder it creates 0700 and
 * every file 0600, whichever module or library (PGlite, archiver, multipart) creates it; and the folders
 * an older install already made are narrowed at start. Files inside a 0700 folder are out of others'
 * reach whatever their own mode.
 */
export const PRIVATE_UMASK = 0o077;

export function keepFilesPrivate(dataDir: string, extraDirs: readonly (string | undefined)[] = []): void {
  process.umask(PRIVATE_UMASK);
  const dirs = [dataDir, ...['db', 'exports', 'backups', 'uploads', 'privacy'].map((d) => path.join(dataDir, d)), ...extraDirs];
  for (const dir of dirs) {
    if (!dir) continue;
    try {
      if (fs.statSync(dir).isDirectory()) fs.chmodSync(dir, 0o700);
    } catch {
      // Not there yet: it will be created 0700 under the umask.
    }
  }
}
