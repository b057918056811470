// Cold start (new data directory: initdb, migrations, demo seed) and warm start
// time to a healthy /api/health, and the server's idle memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { round, rssMb, startServer, stopServer, writeReport } from './lib';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'church-bench-start-'));
const env = { DATA_DIR: dataDir, PORT: '3301', DEMO_DATA: 'true' };

const cold = await startServer(env);
await new Promise((r) => setTimeout(r, 3000));
const coldRss = rssMb(cold.proc.pid!);
await stopServer(cold.proc);

const warm = await startServer(env);
await new Promise((r) => setTimeout(r, 3000));
const warmRss = rssMb(warm.proc.pid!);
await stopServer(warm.proc);
fs.rmSync(dataDir, { recursive: true, force: true });

writeReport('startup', 'Server start time and idle memory', [
  {
    heading: 'Embedded database (PGlite)',
    rows: [
      ['cold start to ready (new data dir, migrations, demo seed)', `${round(cold.readyMs / 1000, 2)} s`, '≤ 15 s'],
      ['idle RSS after cold start', `${coldRss} MB`],
      ['warm start to ready', `${round(warm.readyMs / 1000, 2)} s`, '≤ 5 s'],
      ['idle RSS after warm start', `${warmRss} MB`, '≤ 600 MB'],
    ],
  },
]);
