import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['./test/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', { TEST_DB_KIND: 'pglite' }),
      ...(pgUrl ? [serverProject('server-pg', { TEST_DB_KIND: 'postgres', TEST_DATABASE_URL: pgUrl })] : []),
      // The web project keeps its own config so its Vite plugins resolve from web/.
      './web/vitest.config.ts',
    ],
  },
});
