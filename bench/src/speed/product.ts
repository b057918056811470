// Starts the server the way `npm start` does (the command is read from package.json, so the bench
// follows it when it changes) and times it to the first healthy /api/health.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServerIfNeeded, launchServer, ROOT, round, stopServer } from '../lib';

function startCommand(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const parts = pkg.scripts.start.split(/\s+/);
  if (parts[0] !== 'node') throw new Error(`npm start is not a node command: ${pkg.scripts.start}`);
  return parts.slice(1);
}

export function startProduct(env: Record<string, string>, nodeArgs: string[] = [], timeoutMs = 180_000) {
  buildServerIfNeeded(); // npm start's prestart
  return launchServer([...nodeArgs, ...startCommand()], env, timeoutMs);
}

export const stopProduct = (proc: ChildProcess) => stopServer(proc, 15_000);

/**
 * How long after the shipped Bible became searchable a first start's idle RSS is read: V8 gives back the
 * import's garbage (parsed books, rows) some seconds after the work, not at once.
 */
export const IDLE_AFTER_SEARCHABLE_MS = 20_000;

const BIBLE_SEARCH = `/api/bible/search?${new URLSearchParams({ q: 'shepherd', version: 'BSB', limit: '1' })}`;

/** Seconds from spawn until the shipped Bible answers a search (NaN after 5 minutes). */
export async function untilBibleSearchable(url: string, startedAt: number): Promise<number> {
  while (performance.now() - startedAt < 300_000) {
    const res = await fetch(url + BIBLE_SEARCH).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { data: { verses: Array<{ text: string }> } }) : null;
    if (body?.data.verses.some((v) => /shepherd/i.test(v.text))) return round((performance.now() - startedAt) / 1000, 1);
    await new Promise((r) => setTimeout(r, 100));
  }
  return NaN;
}
