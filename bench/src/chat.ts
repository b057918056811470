// Chat fan-out bench: N concurrent WebSocket clients (200 and 1,000) in one room and spread
// across ten rooms; fan-out latency p50/p99, delivered messages/s and server memory per
// connection — for the real app (/ws hub, PGlite, every message stored before it is sent on)
// and for a bare `ws` broadcast server, in the same run. Loopback only; about two minutes.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, round, writeReport } from './lib';

const SIZES = (process.env.BENCH_SIZES ?? '200,1000').split(',').map(Number);
const SENDERS = 40;
const SEND_EVERY_MS = 1000; // per sender: stays under the app's flood gate (12 per 10 s)
const PHASE_MS = 6000;
const DRAIN_MS = 500;
const hardStop = setTimeout(() => {
  console.error('chat bench: over its 6 minute budget, stopping');
  process.exit(2);
}, 6 * 60_000);
hardStop.unref();

type Kind = 'app' | 'bare';
interface Ready {
  port: number;
  tokens: string[];
  rooms: string[];
}
const now = () => performance.timeOrigin + performance.now();

function startChild(kind: Kind): Promise<{ child: ChildProcess; ready: Ready }> {
  const file = path.join(import.meta.dirname, 'chat', kind === 'app' ? 'app-server.ts' : 'bare-server.ts');
  const child = fork(file, [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF && kind === 'app' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, BENCH_USERS: String(SIZES.reduce((a, b) => a + b, 0)) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // A crash of this script must not leave a server behind.
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    child.on('message', (m: { type: string } & Ready) => m.type === 'ready' && resolve({ child, ready: m }));
  });
}

function memoryOf(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const on = (m: { type: string } & NodeJS.MemoryUsage) => {
      if (m.type !== 'mem') return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ type: 'mem' });
  });
}

let lastDelivery = 0;

interface Client {
  ws: WebSocket;
  latencies: number[] | null;
  failed: number;
}

async function connectAll(kind: Kind, ready: Ready, n: number, offset: number): Promise<Client[]> {
  const clients: Client[] = [];
  const one = (i: number) =>
    new Promise<Client>((resolve, reject) => {
      const q = kind === 'app' ? `token=${ready.tokens[offset + i]}` : `rooms=${ready.rooms[0]},${ready.rooms[1 + ((offset + i) % 10)]}`;
      const ws = new WebSocket(`ws://127.0.0.1:${ready.port}/ws?${q}`);
      const c: Client = { ws, latencies: null, failed: 0 };
      ws.on('message', (raw) => {
        const f = JSON.parse(String(raw)) as { type: string; message?: { content: string } };
        if (f.type === 'connected') resolve(c);
        else if (f.type === 'new_message' && c.latencies && f.message?.content.startsWith('bench ')) {
          c.latencies.push(now() - Number(f.message.content.slice(6)));
          lastDelivery = now();
        } else if (f.type === 'message_failed') c.failed++;
      });
      ws.once('error', reject);
      ws.once('close', (code, reason) => reject(new Error(`client ${i} closed before connecting: ${code} ${String(reason)}`)));
    });
  // 50 handshakes at a time: a crowd arriving, not a thundering herd.
  for (let i = 0; i < n; i += 50) clients.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, k) => one(i + k)))));
  return clients;
}

async function phase(
  clients: Client[],
  ready: Ready,
  roomOf: (senderIndex: number) => string,
  expectedPerMessage: (room: string) => number,
  phaseMs = PHASE_MS,
) {
  for (const c of clients) c.latencies = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let sent = 0;
  let expected = 0;
  const timers: NodeJS.Timeout[] = [];
  const start = now();
  for (let s = 0; s < Math.min(SENDERS, clients.length); s++) {
    const c = clients[s]!;
    const room = roomOf(s);
    const fire = () => {
      if (now() - start > phaseMs) return;
      c.ws.send(
        JSON.stringify({
          type: 'send_message',
          roomId: room,
          content: `bench ${now()}`,
          tempId: `b-${s}-${sent}-${Math.random().toString(36).slice(2)}`,
        }),
      );
      sent++;
      expected += expectedPerMessage(room);
      timers.push(setTimeout(fire, SEND_EVERY_MS));
    };
    timers.push(setTimeout(fire, Math.random() * SEND_EVERY_MS));
  }
  await new Promise((r) => setTimeout(r, phaseMs + DRAIN_MS));
  // A server that fell behind gets up to 15 s more to deliver, so its backlog is measured here, not in the next phase.
  const deadline = now() + 15_000;
  while (clients.reduce((n, c) => n + (c.latencies?.length ?? 0), 0) < expected && now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  for (const t of timers) clearTimeout(t);
  lag.disable();
  const all = clients.flatMap((c) => c.latencies ?? []);
  for (const c of clients) c.latencies = null;
  return {
    sent,
    delivered: all.length,
    expected,
    failed: clients.reduce((n, c) => n + c.failed, 0),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all.reduce((m, v) => Math.max(m, v), 0),
    // Over the time the deliveries really took (longer than the sending window when the server fell behind).
    perSecond: all.length / (Math.max(phaseMs, lastDelivery - start) / 1000),
    clientLagP99: lag.percentile(99) / 1e6,
  };
}

const loadBefore = os.loadavg()[0]!;
type Result = Awaited<ReturnType<typeof phase>> & { kind: Kind; n: number; scenario: string; rssPerConnKb: number; heapPerConnKb: number };
const results: Result[] = [];

// Both servers run for the whole bench and each scenario is measured on one right after the other,
// so the two figures of a ratio see the same machine (it is shared, and its load swings by the minute).
const servers = {} as Record<Kind, { child: ChildProcess; ready: Ready }>;
for (const kind of ['app', 'bare'] as const) {
  console.error(`chat bench: starting the ${kind} server`);
  servers[kind] = await startChild(kind);
}
let offset = 0;
for (const n of SIZES) {
  const crowd = {} as Record<Kind, { clients: Client[]; mem: { rssPerConnKb: number; heapPerConnKb: number } }>;
  for (const kind of ['app', 'bare'] as const) {
    const { child, ready } = servers[kind];
    const before = await memoryOf(child);
    console.error(`chat bench: ${kind}, connecting ${n} clients`);
    const clients = await connectAll(kind, ready, n, offset);
    console.error(`chat bench: ${kind}, ${n} connected`);
    await new Promise((r) => setTimeout(r, 500));
    const after = await memoryOf(child);
    crowd[kind] = {
      clients,
      mem: { rssPerConnKb: (after.rss - before.rss) / n / 1024, heapPerConnKb: (after.heapUsed - before.heapUsed) / n / 1024 },
    };
  }
  const run = async (kind: Kind, scenario: string | null, phaseMs?: number) => {
    const { ready } = servers[kind];
    const { clients, mem } = crowd[kind];
    const roomSize = (room: string) =>
      room === ready.rooms[0] ? n : clients.filter((_, i) => ready.rooms[1 + ((offset + i) % 10)] === room).length;
    const inTenRooms = (s: number) => ready.rooms[1 + ((offset + s) % 10)]!;
    const r = await phase(clients, ready, scenario === 'one room' ? () => ready.rooms[0]! : inTenRooms, roomSize, phaseMs);
    if (scenario) results.push({ kind, n, scenario, ...r, ...mem });
  };
  // Warm-up (not reported): JIT, caches and the first database pages, on both servers alike.
  for (const kind of ['app', 'bare'] as const) await run(kind, null, 2000);
  for (const scenario of ['one room', 'ten rooms']) for (const kind of ['app', 'bare'] as const) await run(kind, scenario);
  for (const kind of ['app', 'bare'] as const)
    await Promise.all(crowd[kind].clients.map((c) => new Promise((r) => (c.ws.once('close', r), c.ws.close(1000)))));
  // The next size uses other senders, so the flood gate's window never spans two runs.
  offset += n;
}
for (const kind of ['app', 'bare'] as const) {
  const { child } = servers[kind];
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
}

const fmt = (r: Result) =>
  `p50 ${round(r.p50, 2)} ms · p99 ${round(r.p99, 2)} ms · max ${round(r.max, 1)} ms · ${Math.round(r.perSecond)} deliveries/s (${r.sent} sent, ${r.delivered}/${r.expected} delivered, ${r.failed} failed) · client loop lag p99 ${round(r.clientLagP99, 1)} ms`;
const sections = [];
for (const n of SIZES) {
  for (const scenario of ['one room', 'ten rooms']) {
    const app = results.find((r) => r.kind === 'app' && r.n === n && r.scenario === scenario)!;
    const bare = results.find((r) => r.kind === 'bare' && r.n === n && r.scenario === scenario)!;
    sections.push({
      heading: `${n} clients, ${scenario} (${SENDERS} senders × 1 msg/s for ${PHASE_MS / 1000} s)`,
      rows: [
        ['app (/ws hub, PGlite, stored before fan-out)', fmt(app), n === 1000 ? 'p99 ≤ 50 ms' : ''],
        ['bare ws broadcast', fmt(bare)],
        ['ratio app / bare (p50, p99)', `${round(app.p50 / bare.p50, 1)}×, ${round(app.p99 / bare.p99, 1)}×`],
      ] as Array<[string, string, string?]>,
    });
  }
  const app = results.find((r) => r.kind === 'app' && r.n === n)!;
  const bare = results.find((r) => r.kind === 'bare' && r.n === n)!;
  sections.push({
    heading: `Server memory per connection, ${n} clients (after GC)`,
    rows: [
      [
        'app: JS heap per connection (RSS delta, swamped by PGlite’s WASM memory)',
        `${round(app.heapPerConnKb, 1)} KB (${round(app.rssPerConnKb, 1)} KB)`,
      ],
      ['bare ws: JS heap per connection (RSS delta)', `${round(bare.heapPerConnKb, 1)} KB (${round(bare.rssPerConnKb, 1)} KB)`],
    ] as Array<[string, string, string?]>,
  });
}
sections.push({
  heading: 'Conditions',
  rows: [
    ['machine', `${os.cpus().length} cores, shared with other work`],
    ['1-minute load average before / after', `${round(loadBefore, 2)} / ${round(os.loadavg()[0]!, 2)}`],
    ['clients', 'all in this process (one event loop); both servers in their own child process'],
    ['app database', process.env.BENCH_DATABASE_URL ? 'PostgreSQL (LISTEN/NOTIFY bus)' : 'in-memory PGlite (in-process bus)'],
  ] as Array<[string, string, string?]>,
});
writeReport('chat', 'Chat fan-out', sections);
const worst = results.filter((r) => r.kind === 'app' && r.n === 1000).reduce((m, r) => Math.max(m, r.p99), 0);
console.log(`\napp p99 at 1,000 clients: ${round(worst, 2)} ms (target ≤ 50 ms)`);
process.exit(0);
