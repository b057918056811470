// `npm start` runs this first: build the web app when web/dist is missing or
// older than its sources, so a fresh clone needs no separate build step.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist/index.html');
// The home page's server renderer is part of the build (web/scripts/build.mjs).
const renderer = path.join(root, 'web/dist/ssr/entry-server.js');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/scripts', 'contract/src'].map((p) =>
  path.join(root, p),
);

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const built = fs.existsSync(dist) && fs.existsSync(renderer) ? fs.statSync(dist).mtimeMs : 0;
if (!built || sources.some((s) => newest(s) > built)) {
  console.log(built ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…');
  // The web workspace's build script (`npm run build -w web`) run directly: npm itself takes ~0.9 s to start.
  execFileSync(process.execPath, [path.join(root, 'web/scripts/build.mjs')], { cwd: path.join(root, 'web'), stdio: 'inherit' });
}
