// autocannon runs shared by the speed bench and its profiler.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { round } from '../lib';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx/304, and socket errors: a run with any is reported, not trusted. */
  bad: number;
  /**
   * CPU time (user + system) the serving process spent per answer, in µs, when its pid is given. Unlike
   * req/s it hardly depends on what else the shared machine runs, so hello's µs divided by the product's
   * is the ratio the two would reach on an idle machine where both are CPU-bound. The database server's
   * own processes (PostgreSQL) are not in it.
   */
  cpuUs?: number;
}

/** CPU time of a process so far, in µs (/proc/<pid>/stat: utime + stime, in clock ticks of 10 ms). */
export function cpuUsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

export async function load(url: string, headers: Record<string, string> = {}, seconds = SECONDS, pid?: number): Promise<LoadResult> {
  const cpuBefore = pid ? cpuUsOf(pid) : 0;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const answers = r.requests.total;
  return {
    rps: round(r.requests.average, 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    ...(pid && answers ? { cpuUs: round((cpuUsOf(pid) - cpuBefore) / answers, 1) } : {}),
  };
}

export const loadAvg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
