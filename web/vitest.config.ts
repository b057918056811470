import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './vite-i18n-plugin';

export default defineProject({
  plugins: [i18nCatalogues(), react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // jsdom + Mantine renders are slow on a busy 2-core machine; a timeout here is not a behaviour.
    testTimeout: 20_000,
  },
});
