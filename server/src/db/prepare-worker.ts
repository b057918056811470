import { workerData, parentPort } from 'node:worker_threads';
import { openDatabase } from './client';
import { isDatabaseEmpty, seedDemoChurch } from './seed/demo';

// Runs in a worker thread: creating a new embedded database (initdb) costs
// ~400 MB of WASM heap that is only given back when the thread ends.
const { pgliteDir, demoData } = workerData as { pgliteDir: string; demoData: boolean };
const database = await openDatabase({ pgliteDir });
await database.migrate();
let seeded = false;
if (demoData && (await isDatabaseEmpty(database.db))) {
  await seedDemoChurch(database.db);
  seeded = true;
}
await database.close();
parentPort?.postMessage({ seeded });
