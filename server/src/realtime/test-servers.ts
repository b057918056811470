import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A free loopback port (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function postgresReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * For suites that need a real PostgreSQL (several server processes, outages, shutdown): true when it
 * answers. When TEST_DATABASE_URL is set (CI sets it whenever PostgreSQL answers) a suite that cannot
 * reach it fails loudly instead of skipping: a proof that silently did not run proves nothing. Without
 * TEST_DATABASE_URL (a PGlite-only run) the suite is skipped, and says so.
 */
export async function postgresForSuite(suite: string, url: string, opts: { run?: boolean } = {}): Promise<boolean> {
  if (opts.run === false) return false;
  if (await postgresReachable(url)) return true;
  requiredUnlessSkipped(suite, `PostgreSQL does not answer at ${url}`);
  return false;
}

/** Fails the suite (when TEST_DATABASE_URL is set) or warns that it is skipped, saying why. */
export function requiredUnlessSkipped(suite: string, why: string): void {
  if (process.env.TEST_DATABASE_URL)
    throw new Error(`${suite} cannot run: ${why}. TEST_DATABASE_URL is set, so this suite must run rather than be skipped.`);
  console.warn(`${suite} skipped: ${why} (set TEST_DATABASE_URL to run it)`);
}

/**
 * A throw-away database on the PostgreSQL server of `url` (a copy of `template` when given, e.g. the run's
 * migrated one). Commits there do not wait for the disk (synchronous_commit off): a test database never has
 * to outlive a crash of the PostgreSQL server itself, and without the wait the suites' thousands of small
 * commits stop queueing behind each other's flushes (on a busy CI machine a first-start Bible import next to
 * the chat fault suite took ten times as long). A crash of *our* process loses nothing either way; the suite
 * that crashes PostgreSQL (test/prove/db-outage.test.ts) runs a cluster of its own with the defaults.
 */
export async function scratchDatabase(url: string, opts: { template?: string; prefix?: string } = {}) {
  const name = `${opts.prefix ?? 'church_rel'}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface ServerProcess {
  port: number;
  url: string;
  proc: ChildProcess;
  /** What the process wrote to stderr so far (crashes, unhandled rejections). */
  stderr(): string;
  /** The last of its log (stdout: warnings and errors at LOG_LEVEL warn), for a failing test's message. */
  log(): string;
  /** SIGKILL: the process gets no chance to finish anything. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real server process (node --import tsx server/src/main.ts) on `port`, ready when /api/health answers.
 * `databaseUrl` null: the embedded database in DATA_DIR (pass it in `env` to know where).
 */
export async function startServerProcess(opts: {
  databaseUrl: string | null;
  jwtSecret: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: opts.databaseUrl ?? undefined,
    JWT_SECRET: opts.jwtSecret,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(os.tmpdir(), `church-rel-${port}`),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'church-rel-no-web'),
    LOGIN_MAX_PER_IP: '100000',
    SIGNUP_MAX_PER_IP: '100000',
    BIBLE_API_BASE: 'http://127.0.0.1:9/unreachable',
    ...opts.env,
  };
  if (!opts.databaseUrl) delete env.DATABASE_URL;
  // The same loopback-only guard as the test files (server/test/support/no-network.ts): a server a test starts
  // cannot reach beyond loopback either.
  env.CHURCH_NO_NETWORK = '1';
  const guard = pathToFileURL(path.join(ROOT, 'server/test/support/no-network.ts')).href;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', guard, 'server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let log = '';
  proc.stderr!.on('data', (d) => (stderr += String(d)));
  // Kept short: a long-running server's log is only read when a test fails.
  proc.stdout!.on('data', (d) => (log = (log + String(d)).slice(-20_000)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded CI machine loading the TypeScript sources alone can take most of a minute.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server on ${port} exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    url,
    proc,
    stderr: () => stderr,
    log: () => log,
    kill: async () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}
