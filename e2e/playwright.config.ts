import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from './support/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh data directory each run: the server seeds the demo church into it.
const DATA_DIR = path.join(os.tmpdir(), `church-e2e-${PORT}`);

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--disable-quic'] },
};

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // One folder per port, so several runs at once do not trample each other's traces.
  outputDir: `../test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 2,
  // One more try on CI only: the whole suite shares 2 cores with its server and browsers, and a journey that
  // waits on the clock (a socket's reconnect, a 10 s send timeout) can miss by a moment there. A retried test is
  // still reported as flaky; one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 8_000 },
  // The list as it runs; timings per spec and the names of flaky tests for .ci/run's summary.
  reporter: [['list'], ['./support/ci-summary-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    // A trace records every action's screenshots and DOM snapshots in the browser: on CI, where a failed test
    // is tried again, only the retry records one (auth + people-looks specs: 4.1 → 3.4 min without it).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Each test's browser context is new, so the app's service worker would install in every one and fetch
    // again the ~100 files each page loads (sw.js, 'cache-urls'). The installed-app specs (offline-bible,
    // app-update) allow it; no other test is about it.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The server as `npm start` runs it: compiled (scripts/build-server.mjs), not through tsx.
    command: `rm -rf ${DATA_DIR} && node scripts/build-server.mjs --if-needed && node --max-semi-space-size=2 server/build/main.mjs`,
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    // A new embedded database is created and seeded first: slow when the machine is busy.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DEMO_DATA: 'true',
      // Links the server builds (payment return, e-mails) point at the address the browser uses.
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      // Many sign-ins from one address during the run.
      LOGIN_MAX_PER_IP: '100000',
      LOGIN_MAX_PER_ACCOUNT: '1000',
      SIGNUP_MAX_PER_IP: '100000',
      BIBLE_API_BASE: process.env.E2E_BIBLE_API_BASE ?? 'http://127.0.0.1:9/unreachable',
      MAP_TILE_URL: '',
      // Card giving goes through the local PayFast stand-in on the next port (no network).
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: 'e2e-passphrase',
      PAYFAST_STANDIN_PORT: String(PORT + 1),
      // Check-in labels go to a local label-printer stand-in (ZPL over TCP) two ports up (issue 33).
      LABEL_PRINTER_STANDIN_PORT: String(PORT + 2),
      // Issue 35: SMS, WhatsApp and push go to the local messaging stand-in.
      CHANNELS_STANDIN_PORT: String(PORT + 3),
      // The webhook journey's receiver listens on loopback; the SSRF guard refuses it unless an administrator allows the host.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // Several people may run e2e at once: each builds the web app to its own folder.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
