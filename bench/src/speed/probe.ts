// A quick look at a few request paths of one warm-started server, for working on them: CPU time per answer
// of the server process (steady on a shared machine, unlike req/s) beside a bare Fastify hello measured in
// the same run, optionally with the server under `--cpu-prof` (the .cpuprofile is kept for reading).
//
//   node --import tsx bench/src/speed/probe.ts /api/health +/api/events /api/auth/me+
//     a path with a leading or trailing "+" is asked signed in (member@demo.church)
//   BENCH_DATABASE_URL=postgres://…/db   PostgreSQL instead of PGlite (migrated and seeded on first use)
//   BENCH_DATA_DIR=/tmp/x                 keep the data directory between runs (skips the first start)
//   BENCH_PROF_DIR=/tmp/prof              run the server with --cpu-prof, profile written there
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 BENCH_PORT=4520 BENCH_HELLO_PORT=4501
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../../server/src/db/seed/people';
import { rssMb } from '../lib';
import { load, loadAvg, SECONDS } from './load';
import { startProduct, stopProduct } from './product';

const paths = process.argv.slice(2);
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'speed-probe-'));
fs.mkdirSync(dataDir, { recursive: true });
const env: Record<string, string> = {
  PORT: process.env.BENCH_PORT ?? '4520',
  DATA_DIR: dataDir,
  DEMO_DATA: 'true',
  LOGIN_MAX_PER_IP: '100000',
  LOGIN_MAX_PER_ACCOUNT: '100000',
  BIBLE_API_BASE: 'http://127.0.0.1:9/x',
};
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

// A first start makes (and seeds) the database; the measured start is a warm one.
if (!fs.existsSync(path.join(dataDir, '.probed'))) {
  await stopProduct((await startProduct(env)).proc);
  fs.writeFileSync(path.join(dataDir, '.probed'), '');
}
const hello = fork(path.join(import.meta.dirname, 'bare-hello.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: process.env.BENCH_HELLO_PORT ?? '4501' },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
await new Promise((resolve) => hello.once('message', resolve));
const profDir = process.env.BENCH_PROF_DIR;
const server = await startProduct(env, profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@demo.church', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`load average ${loadAvg()}, RSS ${rssMb(server.proc.pid!)} MB`);
  const helloUrl = `http://127.0.0.1:${process.env.BENCH_HELLO_PORT ?? '4501'}/hello`;
  const h1 = await load(helloUrl, {}, SECONDS, hello.pid);
  console.log(`hello: ${h1.rps} req/s, ${h1.cpuUs} µs CPU/answer`);
  for (const p of paths) {
    const signedIn = p.startsWith('+') || p.endsWith('+');
    const url = server.url + p.replace(/^\+|\+$/g, '');
    const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${token}` } : {};
    await load(url, headers, 1, server.proc.pid); // warm-up
    const r = await load(url, headers, SECONDS, server.proc.pid);
    console.log(
      `${signedIn ? 'signed in ' : ''}${p.replace(/^\+|\+$/g, '')}: ${r.rps} req/s (${(r.rps / h1.rps).toFixed(3)} of hello), p99 ${r.p99} ms, ` +
        `${r.cpuUs} µs CPU/answer (CPU ratio ${((h1.cpuUs ?? NaN) / (r.cpuUs ?? NaN)).toFixed(3)})${r.bad ? `, ${r.bad} bad` : ''}`,
    );
  }
  const h2 = await load(helloUrl, {}, SECONDS, hello.pid);
  console.log(`hello again: ${h2.rps} req/s, ${h2.cpuUs} µs CPU/answer; load average ${loadAvg()}, RSS ${rssMb(server.proc.pid!)} MB`);
} finally {
  await stopProduct(server.proc);
  hello.kill('SIGTERM');
  if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
