// Builds the browser app and the server-side renderer of the home page:
//   node scripts/build.mjs [outDir]      (default web/dist; the renderer goes to <outDir>/ssr)
// The server serves <outDir> and loads <outDir>/ssr/entry-server.js (never served as a file).
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { build } from 'vite';

const webDir = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(webDir, 'dist'));
const logLevel = process.env.VITE_LOG_LEVEL ?? 'info';

await build({ root: webDir, logLevel, build: { outDir, emptyOutDir: true, manifest: true } });
addHomePageAssets();
stampServiceWorker();
await build({
  root: webDir,
  logLevel,
  // Self-contained: the server may load it from any folder (e2e and bench build to temporary ones).
  ssr: { noExternal: true },
  // React and friends pick their production build whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'ssr'), emptyOutDir: false, copyPublicDir: false },
});

/**
 * The home page's own code and styles live in a lazy chunk. The server writes
 * home-preloads.html into the home page's <head>: add that chunk's
 * stylesheets (the server-rendered page must be styled before any JavaScript
 * runs) and module preloads (so hydration does not wait on a request chain).
 */
function addHomePageAssets() {
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  // A chunk's own file, stylesheets and static imports, recursively.
  const collect = (key, js = new Set(), css = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return { js, css };
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, js, css);
    return { js, css };
  };
  // index.html already loads the entry and what it imports.
  const entry = collect('index.html');
  const home = collect('src/features/public-site/pages/home-page.tsx');
  if (!home.js.size) throw new Error('build: the home page chunk is missing from the manifest');
  const lines = [
    ...[...home.css].filter((f) => !entry.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
    ...[...home.js].filter((f) => !entry.js.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
  ];
  fs.appendFileSync(path.join(outDir, 'home-preloads.html'), `${lines.join('\n')}\n`);
  fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
}

/**
 * The service worker (public/sw.js) names its caches after the build: a new
 * deploy is a byte-different worker, which the browser installs and the page
 * offers to switch to. The stamp is a hash of index.html (it names every entry file).
 */
function stampServiceWorker() {
  const file = path.join(outDir, 'sw.js');
  const stamp = createHash('sha256')
    .update(fs.readFileSync(path.join(outDir, 'index.html')))
    .digest('hex')
    .slice(0, 12);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("'__BUILD__'", `'${stamp}'`));
}
