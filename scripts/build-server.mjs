// Compiles the server to JavaScript (server/build/) so `npm start` loads one file instead of transpiling
// ~400 TypeScript files through tsx at every start (issue 16: start time and resident memory).
// Our workspaces (@church/*) and most packages are bundled in (see KEEP_EXTERNAL). The server is one
// CommonJS file (server.cjs) that main.mjs runs with V8's code cache (server/src/boot/code-cache.ts).
// `node scripts/build-server.mjs --if-needed` rebuilds only when a source is newer than the build.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'server/build');
const stamp = path.join(outdir, 'main.mjs');
const sources = ['server/src', 'contract/src', 'server/package.json', 'package-lock.json'].map((p) => path.join(root, p));

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

if (process.argv.includes('--if-needed') && fs.existsSync(stamp)) {
  const built = fs.statSync(stamp).mtimeMs;
  if (!sources.some((s) => newest(s) > built)) process.exit(0);
}

/**
 * Source files find their data beside them (migrations, seed media, the shipped Bible, package.json)
 * through import.meta.dirname / import.meta.url; in one bundle those would all point at server/build.
 * Each file keeps its own: the build writes its original folder in as a constant.
 */
const keepSourceLocation = {
  name: 'keep-source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let text = await fs.promises.readFile(args.path, 'utf8');
      if (text.includes('import.meta.dirname')) text = text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      if (text.includes('import.meta.filename')) text = text.replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents: text, loader: 'ts' };
    });
  },
};

/**
 * Packages are bundled too (one file to read and compile instead of ~1,500 resolved and loaded one by
 * one: a warm start's module loading 1.1 → 0.65 s, issue 16), except those that find files of their own
 * beside them at run time (WebAssembly, fonts, native addons, worker scripts) or are loaded only on use.
 */
const KEEP_EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pdfkit',
  'exceljs',
  'archiver',
  'pg-native',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-cloudflare',
  'bufferutil',
  'utf-8-validate',
];
/**
 * pg asks at load whether it runs in a Cloudflare Worker by constructing a fetch Response, which loads
 * Node's fetch implementation (undici, ~50 ms of every start) though nothing fetches then. The server
 * runs on Node.js only: the bundled copy answers no without asking.
 */
const pgOnNode = {
  name: 'pg-on-node',
  setup(build) {
    build.onLoad({ filter: /node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const probe = 'function isCloudflareRuntime() {';
      if (!text.includes(probe)) return undefined; // a pg release without the probe: bundle it as it is
      return { contents: text.replace(probe, `${probe}\n  return false;`), loader: 'js' };
    });
  },
};

/** Bare imports are bundled (our workspaces, most packages), except KEEP_EXTERNAL's. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@church/')) return undefined;
      if (args.kind === 'entry-point') return undefined;
      if (!KEEP_EXTERNAL.some((name) => args.path === name || args.path.startsWith(name + '/'))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const shared = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // Whitespace and syntax only: less to read and compile at every start (a warm start ~0.1 s sooner), while
  // functions keep their names in stack traces (the source map gives files and lines).
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [externalPackages, keepSourceLocation, pgOnNode],
};

const started = performance.now();
fs.rmSync(outdir, { recursive: true, force: true });
await Promise.all([
  // The server itself: one CommonJS script, which boot/main.ts runs with V8's code cache (boot/code-cache.ts;
  // Node 20 caches compiled code for scripts only, not for ES modules).
  esbuild.build({
    ...shared,
    entryPoints: { server: 'server/src/main.ts' },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // Our sources are ES modules: their import.meta.url is the bundle's (its workers are found beside it).
    define: { 'import.meta.url': '__bundleUrl' },
    inject: [path.join(root, 'scripts/build-server-bundle-url.mjs')],
  }),
  // `npm start`'s entry (main.mjs) and the processes and threads of a first start, as ES modules.
  esbuild.build({
    ...shared,
    entryPoints: {
      main: 'server/src/boot/main.ts',
      'prepare-worker': 'server/src/db/prepare-worker.ts',
      // A worker thread of the first start: parses the shipped Bible while the database is being made.
      'bible-parse-worker': 'server/src/modules/bible/bundled-parse-worker.ts',
    },
    outExtension: { '.js': '.mjs' },
    splitting: true,
    format: 'esm',
    // Some dependencies of dependencies are CommonJS; give the bundle a require for them.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  }),
]);
/**
 * The new database a first start copies (server/src/db/pglite-template.ts, MIGRATED_TEMPLATE): the shipped
 * empty cluster with our migrations and the job queue's schema applied, made here by the compiled
 * prepare-worker as a first start would. Without it (it failed) a first start migrates, as before.
 */
async function makeMigratedTemplate() {
  const pgliteDir = path.join(outdir, 'pglite-template');
  const work = { pgliteDir, migrate: true, demoData: false, bundledBible: false, asTemplate: true };
  const code = await new Promise((resolve) => {
    const child = fork(path.join(outdir, 'prepare-worker.mjs'), [], {
      env: { ...process.env, CHURCH_PREPARE_WORK: JSON.stringify(work) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', () => resolve(1));
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    console.warn('Could not make the migrated database template; a first start migrates a new database instead');
  }
}
await makeMigratedTemplate();

console.log(
  `Server compiled to ${path.relative(root, outdir)}/ in ${Math.round(performance.now() - started)} ms (${pathToFileURL(stamp).pathname})`,
);
