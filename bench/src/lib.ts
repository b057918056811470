import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const REPORTS = path.join(ROOT, 'bench/reports');

export { CHROMIUM_LAUNCH } from '../../e2e/support/chromium';

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Writes bench/reports/<name>.md from the run's lines and prints it. What people wrote about the figures
 * lives in bench/reports/<name>-notes.md and is appended, so a new run keeps it.
 */
export function writeReportLines(name: string, lines: string[]) {
  const notes = path.join(REPORTS, `${name}-notes.md`);
  const all = fs.existsSync(notes) ? [...lines, fs.readFileSync(notes, 'utf8')] : lines;
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, `${name}.md`), all.join('\n'));
  console.log(all.join('\n'));
}

/** Writes bench/reports/<name>.md as a small table per section (with its notes: writeReportLines). */
export function writeReport(
  name: string,
  title: string,
  sections: Array<{ heading: string; rows: Array<[string, string | number, string?]> }>,
) {
  const lines = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}.`,
    '',
  ];
  for (const s of sections) {
    lines.push(`## ${s.heading}`, '', '| measure | value | budget |', '| --- | --- | --- |');
    for (const [k, v, b] of s.rows) lines.push(`| ${k} | ${v} | ${b ?? ''} |`);
    lines.push('');
  }
  writeReportLines(name, lines);
}

/**
 * The node flags `npm start` gives the server (package.json), so benches measure the server as it runs.
 * --max-semi-space-size=2: a small young generation is collected often, and with it the dead 64 KiB
 * socket buffers a large upload streams through; with V8's default they piled up to ~31 MB of RSS
 * during a 100 MB upload before a collection freed them (bench/reports/upload.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

/** Compiles the server as `npm start` does (scripts/build-server.mjs, only when a source changed). */
export function buildServerIfNeeded() {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: ROOT, stdio: 'inherit' });
}

/** Starts the real server as `npm start` runs it (compiled, server/build/main.mjs) and resolves when /api/health answers. */
export function startServer(env: Record<string, string>, timeoutMs = 120_000) {
  buildServerIfNeeded();
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a bench).
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return launchServer([...SERVER_NODE_FLAGS, ...extra, 'server/build/main.mjs'], env, timeoutMs);
}

/** Spawns node with `args` in the repository root and resolves, timed, when /api/health answers. */
export function launchServer(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ proc: ChildProcess; readyMs: number; url: string; startedAt: number }> {
  return launchCommand(process.execPath, args, env, { timeoutMs });
}

/**
 * Spawns `command` (in `cwd`, the repository root by default) and resolves, timed from the spawn, when
 * /api/health answers on env.PORT. `detached`: in its own process group (stop it with stopProcessGroup).
 */
export async function launchCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  opts: { timeoutMs?: number; cwd?: string; detached?: boolean } = {},
): Promise<{ proc: ChildProcess; readyMs: number; url: string; startedAt: number }> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const port = env.PORT ?? '3300';
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // The server logs as `npm start` makes it log (the default level, info: a line per request) unless a bench
  // asks otherwise, into a file as `npm start >> church.log` would (serverLogFile(port); issue 37).
  const log = fs.openSync(serverLogFile(port), 'w');
  const proc = spawn(command, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: port },
    stdio: ['ignore', log, 'inherit'],
    detached: opts.detached,
  });
  fs.closeSync(log);
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { proc, readyMs: performance.now() - started, url, startedAt: started };
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not become ready');
}

/** Where a bench's server on `port` writes its standard output (the request log). */
export const serverLogFile = (port: string) => path.join(os.tmpdir(), `bench-server-${port}.log`);

/** Lines and bytes a bench's server has logged so far. */
export function serverLogSize(port: string): { lines: number; mb: number } {
  const text = fs.existsSync(serverLogFile(port)) ? fs.readFileSync(serverLogFile(port), 'utf8') : '';
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return { lines, mb: round(Buffer.byteLength(text) / 1e6, 1) };
}

export async function stopServer(proc: ChildProcess, graceMs = 10_000) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

/** Stops a command started `detached` and everything it started (npm start: npm, its shell, the server), waiting for all. */
export async function stopProcessGroup(proc: ChildProcess, graceMs = 10_000) {
  const alive = () => {
    try {
      process.kill(-proc.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(-proc.pid!, 'SIGTERM');
  const started = performance.now();
  while (alive() && performance.now() - started < graceMs) await new Promise((r) => setTimeout(r, 50));
  if (alive()) process.kill(-proc.pid!, 'SIGKILL');
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return round(kb / 1024, 0);
}
