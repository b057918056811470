import { workerData, parentPort } from 'node:worker_threads';
import { openDatabase } from './client';
import { isDatabaseEmpty, seedDemoChurch } from './seed/demo';
import { ensureBundledBible } from '../modules/bible/bundled';

// Runs in a worker thread: creating a new embedded database (initdb) costs
// ~400 MB of WASM heap that is only given back when the thread ends.
const { pgliteDir, demoData, bundledBible } = workerData as { pgliteDir: string; demoData: boolean; bundledBible: boolean };
const database = await openDatabase({ pgliteDir });
await database.migrate();
let seeded = false;
if (demoData && (await isDatabaseEmpty(database.db))) {
  await seedDemoChurch(database.db);
  seeded = true;
}
// The shipped Bible too: its import grows the WASM heap, which this thread gives back.
if (bundledBible) await ensureBundledBible(database.db);
await database.close();
parentPort?.postMessage({ seeded });
