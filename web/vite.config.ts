import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './vite-i18n-plugin';

// In development the API runs on :3000 (npm run dev starts both); Vite proxies to it.
export default defineConfig({
  plugins: [i18nCatalogues(), react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Gzipping each of ~300 files only to print their sizes took ~4.5 s of a fresh clone's first `npm start`
    // (client and server builds); the home page's weight is measured by bench/src/home-page.ts.
    reportCompressedSize: false,
    rolldownOptions: {
      // contract/ builds zod schemas at module level next to the constants the
      // pages need; marking zod's builders pure lets unused schemas (and zod
      // itself, where no page validates) drop out of the public site's bundle.
      treeshake: { manualPureFunctions: ['z', 'success', 'paginationQuery'] },
      // zod gets a chunk of its own: otherwise it is merged into a chunk of
      // shared Mantine helpers that every page downloads, used or not.
      output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] } },
    },
  },
});
