import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWithCodeCache } from './code-cache';
import { IMPORT_MODULE } from './import-module-key';
import { importModule } from '../lib/import-module';

// A CommonJS bundle as scripts/build-server.mjs writes one: strict, requiring a file beside it, exporting a value.
const BUNDLE = `"use strict";
const helper = require('./helper.cjs');
module.exports.answer = helper.twice(21);
module.exports.where = [__filename, __dirname];
module.exports.load = (specifier) => globalThis[Symbol.for('church.importModule')](specifier);
`;

let dir: string;
const caches = () => fs.readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
const run = () => runWithCodeCache(path.join(dir, 'server.cjs'), (specifier) => import(specifier));

/**
 * A start in a process of its own, as the server starts: within one process V8 keeps what it compiled and
 * would not even look at the cache for the same source a second time.
 */
function start(): { answer: number; cacheUsed: boolean; saved: boolean } {
  const script = `
    const { runWithCodeCache } = await import(${JSON.stringify(path.join(import.meta.dirname, 'code-cache.ts'))});
    const run = runWithCodeCache(${JSON.stringify(path.join(dir, 'server.cjs'))}, (s) => import(s));
    console.log(JSON.stringify({ answer: run.exports.answer, cacheUsed: run.cacheUsed, saved: await run.save() }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out) as { answer: number; cacheUsed: boolean; saved: boolean };
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
  fs.writeFileSync(path.join(dir, 'helper.cjs'), 'module.exports.twice = (n) => n * 2;');
  fs.writeFileSync(path.join(dir, 'server.cjs'), BUNDLE);
});
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[IMPORT_MODULE];
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('running the compiled server with V8’s code cache', () => {
  it('runs the bundle as Node runs a CommonJS file', () => {
    const { exports } = run();
    expect(exports.answer).toBe(42);
    expect(exports.where).toEqual([path.join(dir, 'server.cjs'), dir]);
  });

  it('saves the cache once and uses it on the next start', () => {
    expect(start()).toEqual({ answer: 42, cacheUsed: false, saved: true });
    expect(caches()).toHaveLength(1);
    // Nothing to write when the cache was taken.
    expect(start()).toEqual({ answer: 42, cacheUsed: true, saved: false });
  });

  it('never reads the cache of another build, even one of the same length', () => {
    start();
    fs.writeFileSync(path.join(dir, 'server.cjs'), BUNDLE.replace('twice(21)', 'twice(22)'));
    expect(start()).toEqual({ answer: 44, cacheUsed: false, saved: true });
    expect(caches()).toHaveLength(2);
  });

  it('compiles from source when V8 refuses a cache, and replaces it', () => {
    start();
    const [file] = caches();
    const bytes = fs.readFileSync(path.join(dir, file!));
    bytes.fill(7, 0, 64); // V8's own header: its version and checks
    fs.writeFileSync(path.join(dir, file!), bytes);
    expect(start()).toEqual({ answer: 42, cacheUsed: false, saved: true });
    expect(start()).toEqual({ answer: 42, cacheUsed: true, saved: false });
  });

  it('starts without the speed-up when the cache cannot be written', async () => {
    await run().save();
    // Where the cache goes is taken by a folder: reading it and renaming onto it fail, as in a read-only install.
    const [file] = caches();
    fs.rmSync(path.join(dir, file!));
    fs.mkdirSync(path.join(dir, file!));
    const second = run();
    expect(second.cacheUsed).toBe(false);
    expect(await second.save()).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('hands the bundle its loader for import(), which lib/import-module.ts then uses', async () => {
    const { exports } = run();
    const os1 = (await (exports.load as (s: string) => Promise<typeof os>)('node:os')).platform();
    expect(os1).toBe(os.platform());
    const seen: string[] = [];
    (globalThis as Record<symbol, unknown>)[IMPORT_MODULE] = (specifier: string) => (seen.push(specifier), import(specifier));
    await importModule('node:path');
    expect(seen).toEqual(['node:path']);
  });
});
