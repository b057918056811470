import { defineConfig } from 'vitest/config';
import { TimingsReporter } from './scripts/ci/vitest-timings.ts';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['./test/global-setup.ts'],
    // No test reaches beyond loopback: an attempt is refused and fails the test (test/support/no-network.ts).
    setupFiles: ['./test/no-network-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // Test files share their worker's module cache: each file still builds its own app on its own copy of
    // the migrated database, but the server's code is imported once per worker instead of once per file
    // (measured on the server project: imports 83 s → 25 s, the whole run ≈ 20 % shorter).
    isolate: false,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    maxWorkers: 2,
    // The run's timings per project for .ci/run's summary, beside the usual output.
    reporters: ['default', new TimingsReporter()],
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', { TEST_DB_KIND: 'pglite' }),
      ...(pgUrl ? [serverProject('server-pg', { TEST_DB_KIND: 'postgres', TEST_DATABASE_URL: pgUrl })] : []),
      // The web project keeps its own config so its Vite plugins resolve from web/.
      './web/vitest.config.ts',
    ],
  },
});
