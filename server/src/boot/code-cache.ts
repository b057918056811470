import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { setServerV8Flags } from '../lib/v8-flags';
import { IMPORT_MODULE } from './import-module-key';

/**
 * Runs a CommonJS bundle with V8's code cache (issue 16: warm start).
 *
 * Compiling the compiled server's ~3 MB of JavaScript, and then each function it runs while starting, took
 * about a third of a warm start. V8 can save what it compiled (bytecode) and read it back at the next start
 * instead of parsing again; Node 22 offers that as `module.enableCompileCache()`, Node 20 only through
 * `vm.Script`'s `cachedData`, which is what this does (as v8-compile-cache does for `require`).
 *
 * - The cache is saved after the server is ready (`saveWhen`), so it holds every function the start ran.
 * - It is named by the bundle's content: a new build never reads an old build's cache (V8 itself checks only
 *   the source's length, its own version and its flags). A cache V8 rejects is replaced at the next save.
 * - It is saved beside the bundle, written to a temporary file and renamed, so a second instance starting
 *   meanwhile reads a whole cache or none. A folder it cannot write only costs the speed-up.
 * - The bundle's own `import()` has no module loader in a script (`vm.Script` offers one only as an
 *   experimental option): the loader's `importModule` is handed over through lib/import-module.ts.
 */
export interface CachedRun {
  exports: Record<string, unknown>;
  /** Whether a cache was there and V8 took it. */
  cacheUsed: boolean;
  /** Saves the cache when none was used (once); resolves to whether one was written. */
  save(): Promise<boolean>;
}

export function runWithCodeCache(file: string, importModule: (specifier: string) => Promise<unknown>): CachedRun {
  // Flags the server sets while running are set first: V8 takes a cache only under the flags it was made with.
  setServerV8Flags();
  const bytes = fs.readFileSync(file);
  const cacheFile = `${file}.${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined; // none yet (a new build) or unreadable: compiled from source
  }
  // esbuild writes ASCII (non-ASCII characters escaped): read as Latin-1, V8's one-byte strings, without decoding.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`; // as Node wraps a CommonJS file
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const cacheUsed = !!cachedData && !script.cachedDataRejected;
  (globalThis as Record<symbol, unknown>)[IMPORT_MODULE] = importModule;
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  let saved: Promise<boolean> | undefined;
  return {
    exports: module.exports,
    cacheUsed,
    save: () =>
      (saved ??= cacheUsed
        ? Promise.resolve(false)
        : (async () => {
            const temp = `${cacheFile}.${process.pid}.tmp`;
            try {
              await fs.promises.writeFile(temp, script.createCachedData());
              await fs.promises.rename(temp, cacheFile);
              return true;
            } catch {
              await fs.promises.rm(temp, { force: true }).catch(() => {});
              return false;
            }
          })()),
  };
}
