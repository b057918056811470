import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface FreshInstall {
  url: string;
  /** The setup code the server printed in its log. */
  code: string;
  stop(): Promise<void>;
}

/**
 * A second server as a new church installs it (issue 30): DEMO_DATA=false on an empty data
 * directory, on E2E_PORT + 4 (+1 PayFast, +2 the label printer, +3 the channels stand-in). The first-run journeys use it; the
 * suite's own server keeps the demo church.
 */
export async function startFreshInstall(): Promise<FreshInstall> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 4;
  const dataDir = path.join(os.tmpdir(), `church-e2e-fresh-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${port}`;
  // Nothing of the test run's own configuration leaks in: a new install has no payment account or mail server.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PAYFAST_|SMTP_|MAIL_|DATABASE_URL|JWT_SECRET|PORT$|DATA_DIR)/.test(k)),
  );
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=2', 'server/build/main.mjs'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      BIBLE_BUNDLED: 'false',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: '',
      BIBLE_API_BASE: 'http://127.0.0.1:9/unreachable',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const code = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the fresh install printed no setup code in 120 s:\n${log.slice(-2000)}`)), 120_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /setup code ([0-9a-f]{12})/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (c) => reject(new Error(`the fresh install exited (${c}):\n${log.slice(-2000)}`)));
  });
  return {
    url,
    code,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
