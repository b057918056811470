import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of our own, in a temporary directory on a port of our
 * own, so a test may stop and restart it. Never the shared server on 5432:
 * other suites (and people) are using that one.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend killed at once, as in a crash (recovery runs on the next start). */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  destroy(): Promise<void>;
}

/** The bin directory of an installed PostgreSQL (PG_BINDIR, else the newest under /usr/lib/postgresql), or null. */
export function findPostgresBin(): string | null {
  const candidates = process.env.PG_BINDIR
    ? [process.env.PG_BINDIR]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  return candidates.find((d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl'))) ?? null;
}

/** initdb refuses to run as root: as root, run the cluster as the `postgres` system user. */
const asRoot = () => process.getuid?.() === 0;

export async function startPrivatePostgres(opts: { bin: string; port: number; prefix: string }): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), opts.prefix));
  const data = path.join(dir, 'data');
  const exec = (tool: string, args: string[]) =>
    asRoot() ? run('runuser', ['-u', 'postgres', '--', path.join(opts.bin, tool), ...args]) : run(path.join(opts.bin, tool), args);
  if (asRoot()) await run('chown', ['postgres', dir]);
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // Loopback only, the socket in our own directory; fsync off: a killed server (not a killed machine) loses nothing by it.
  const serverOpts = `-p ${opts.port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', serverOpts, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  const stop = async (mode: 'immediate' | 'fast') => {
    await exec('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).catch(() => {});
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${opts.port}/postgres`,
    port: opts.port,
    crash: () => stop('immediate'),
    start,
    destroy: async () => {
      await stop('immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
