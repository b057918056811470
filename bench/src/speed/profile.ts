// Profiles the real server under load: `node --cpu-prof` on the process `npm start` runs, autocannon
// on one URL, then the profile's top entries by self time and by package/file (printed as markdown).
//
//   node --import tsx bench/src/speed/profile.ts /api/events [seconds]   (BENCH_DATABASE_URL for PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, loadAvg } from './load';
import { startProduct, stopProduct } from './product';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const target = process.argv[2] ?? '/api/events';
const seconds = Number(process.argv[3] ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'speed-profile-'));
const profDir = path.join(dataDir, 'prof');
const env: Record<string, string> = { PORT: process.env.BENCH_PORT ?? '4520', DATA_DIR: dataDir, DEMO_DATA: 'true' };
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

// The first start makes the database; the profiled one is a warm start.
await stopProduct((await startProduct(env)).proc);
const spawned = performance.now();
const server = await startProduct(env, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
const headers: Record<string, string> = {};
if (process.env.BENCH_TOKEN_EMAIL) {
  const r = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: process.env.BENCH_TOKEN_EMAIL, password: 'Church2026!' }),
  });
  headers.authorization = `Bearer ${((await r.json()) as { token: string }).token}`;
}
// Samples before the load began (start-up: module loading, migrations) are left out below.
const loadFromMs = performance.now() - spawned;
const result = await load(`${server.url}${target}`, headers, seconds);
await stopProduct(server.proc);

const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')) as Profile;
const self = new Map<number, number>();
let clock = 0;
prof.samples.forEach((id, i) => {
  clock += prof.timeDeltas[i] ?? 0;
  if (clock / 1000 >= loadFromMs) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '~/')
    .replace(/^.*\/wt\/[^/]+\//, '');
for (const n of prof.nodes) {
  const t = self.get(n.id) ?? 0;
  if (!t) continue;
  const where = n.callFrame.url ? `${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : '';
  const fnKey = `${n.callFrame.functionName || '(anonymous)'} ${where}`;
  byFn.set(fnKey, (byFn.get(fnKey) ?? 0) + t);
  const pkg = n.callFrame.url
    ? short(n.callFrame.url).replace(/^(~\/(@[^/]+\/)?[^/]+)\/.*$/, '$1')
    : n.callFrame.functionName || '(native)';
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + t);
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `| ${((100 * v) / total).toFixed(1)} % | \`${k}\` |`);
console.log(
  [
    `### Profile: GET ${target} (${result.rps} req/s under profiling, load average ${loadAvg()})`,
    '',
    '| self time | function |',
    '| --- | --- |',
    ...top(byFn, 25),
    '',
    '| self time | package or file |',
    '| --- | --- |',
    ...top(byFile, 15),
  ].join('\n'),
);
fs.rmSync(dataDir, { recursive: true, force: true });
