// Sermon media upload through the real server process: how much its resident memory grows
// while a 100 MB video streams in (budget ≤ 30 MB: streamed to disk, not buffered), beside a
// 1 MB upload as the baseline in the same run; and where a 101 MB video is refused (budget:
// before its end is read). Writes bench/reports/upload.md.
//
//   node --import tsx bench/src/upload.ts
//
// The server runs as its own process (RSS read from /proc/<pid>/status every 20 ms); the
// client is this process, sending a real WebM head then filler bytes in 256 KiB chunks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sermonUploadLimitBytes } from '../../contract/src/sermons';
import { ROOT, round, startServer, writeReport } from './lib';

const PORT = process.env.BENCH_PORT ?? '3356';
const MB = 1024 * 1024;
const EMAIL = 'bench.admin@example.org';
const PASSWORD = 'Bench-upload-2026!';
const WEBM = fs.readFileSync(path.join(ROOT, 'server/src/db/seed/media/sermon-sample.webm'));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-bench-'));
const env = { DATA_DIR: dir, DEMO_DATA: 'false', BIBLE_BUNDLED: 'false', PORT, LOG_LEVEL: 'warn' };
// An administrator may upload sermons; created with the product's own command before the server starts.
const created = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'server/src/cli/admin-create.ts', '--name', 'Bench Admin', '--email', EMAIL, '--password', PASSWORD],
  { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
);
if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}`);

const { proc, url } = await startServer(env, 300_000);
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
};
const login = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
const token = ((await login.json()) as { token: string }).token;

/**
 * Streams one video of `total` bytes (a real WebM head, then filler) and stops sending when the
 * server answers; past `paceFrom` bytes it sends 64 KiB every 10 ms, so what the kernel buffers
 * does not hide how far the server read. Returns the status, the bytes sent by then, and the server's RSS before and at its peak.
 */
function upload(total: number, paceFrom = Infinity) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench ${total}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="speaker"\r\n\r\nPastor Bench\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="bench.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(256 * 1024, 7);
  return new Promise<{ status: number; sent: number; before: number; peak: number; seconds: number }>((resolve, reject) => {
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const req = http.request(`${url}/api/sermons`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + total + tail.length),
      },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        clearInterval(sampler);
        peak = Math.max(peak, rssMb());
        resolve({ status: res.statusCode ?? 0, sent, before, peak, seconds: (performance.now() - started) / 1000 });
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write(head);
    req.write(WEBM);
    sent = WEBM.length;
    const pump = (): void => {
      while (!answered && sent < Math.min(total, paceFrom)) {
        const n = Math.min(filler.length, Math.min(total, paceFrom) - sent);
        sent += n;
        if (!req.write(n === filler.length ? filler : filler.subarray(0, n))) return void req.once('drain', pump);
      }
      if (answered) return;
      if (sent < total) {
        const n = Math.min(64 * 1024, total - sent);
        sent += n;
        req.write(filler.subarray(0, n));
        return void setTimeout(pump, 10);
      }
      req.end(tail);
    };
    pump();
  });
}

const limit = sermonUploadLimitBytes('video');
// Warm the route (first multipart parse, first file write) so neither figure pays for it.
await upload(1 * MB);
const baseline = await upload(1 * MB);
const big = await upload(limit - 64 * 1024);
const over = await upload(limit + 1 * MB, limit - 2 * MB);
proc.kill('SIGTERM');
await new Promise((r) => proc.once('exit', r));
fs.rmSync(dir, { recursive: true, force: true });

if (baseline.status !== 201 || big.status !== 201) throw new Error(`uploads answered ${baseline.status} and ${big.status}`);
if (over.status !== 413) throw new Error(`the over-limit upload answered ${over.status}`);
const growth = (r: { before: number; peak: number }) => round(r.peak - r.before);

writeReport('upload', 'Sermon video upload through the server process (PGlite)', [
  {
    heading: `Server RSS sampled every 20 ms; client in the bench process on the same 2 cores (${os.loadavg()[0]!.toFixed(1)} load average at the end)`,
    rows: [
      ['baseline: 1 MB video, RSS growth (MB)', growth(baseline)],
      [`${round(big.sent / MB)} MB video, RSS growth (MB)`, growth(big), '≤ 30 MB'],
      [`${round(big.sent / MB)} MB video, seconds`, round(big.seconds, 2)],
      [`${round((limit + MB) / MB)} MB video: status`, over.status, '413'],
      [
        `${round((limit + MB) / MB)} MB video: MB sent when refused`,
        round(over.sent / MB),
        `< ${round((limit + MB) / MB)} (before the end)`,
      ],
    ],
  },
]);
