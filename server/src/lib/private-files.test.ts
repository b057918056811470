/** Issue 29, finding 8: DATA_DIR and what the platform writes there are its own user's alone (0700 / 0600). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-private-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('keepFilesPrivate', () => {
  it('narrows folders an older install made, and everything created afterwards is 0700 / 0600', () => {
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(dataDir, 'exports'), { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    // In a process of its own: the umask is process-wide (and a worker thread may not set it).
    const lib = path.join(path.dirname(fileURLToPath(import.meta.url)), 'private-files.ts');
    const script = `
      import fs from 'node:fs';
      const { keepFilesPrivate } = await import(${JSON.stringify(lib)});
      keepFilesPrivate(${JSON.stringify(dataDir)});
      fs.mkdirSync(${JSON.stringify(path.join(dataDir, 'backups', 'nightly'))}, { recursive: true });
      fs.writeFileSync(${JSON.stringify(path.join(dataDir, 'backups', 'nightly', 'b.tar'))}, 'x');
      fs.createWriteStream(${JSON.stringify(path.join(dataDir, 'exports', 'report.csv'))}).end('a,b');
    `;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'pipe' });
    expect(mode(dataDir).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'db')).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'exports')).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'backups')).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'backups', 'nightly')).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'backups', 'nightly', 'b.tar')).toString(8)).toBe('600');
    expect(mode(path.join(dataDir, 'exports', 'report.csv')).toString(8)).toBe('600');
  });
});
