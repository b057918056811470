import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is in use by another process (a running server or tool).\n` +
        'The embedded database admits one process at a time: stop the other process first, ' +
        'or point DATA_DIR somewhere else.',
    );
  }
}

/**
 * PGlite does not lock its data directory and a second opener corrupts it,
 * so every process that opens it takes this lock first. The lock is refreshed
 * while we run and goes stale 15 s after a crash, so a killed server does not
 * block the next start for long.
 */
export async function lockDataDir(dir: string, onCompromised?: (err: Error) => void): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: path.join(dir, '.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised:
        onCompromised ??
        ((err) => {
          throw err;
        }),
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw err;
  }
}
