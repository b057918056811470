import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache';

/**
 * `npm start`'s entry (server/build/main.mjs, scripts/build-server.mjs): runs the server's bundle
 * (server.cjs, built from main.ts) with V8's code cache, and saves the cache a second after the server is
 * ready when there was none to use (a new build) or V8 refused it (another Node.js).
 */
const run = runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)), (specifier) => import(specifier));
(run.exports.ready as Promise<unknown>).then(
  () => setTimeout(() => void run.save(), 1000).unref(),
  () => {}, // main.ts says why and exits
);
