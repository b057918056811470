// npm run bench: every bench script in this folder, one after the other; each writes bench/reports/<name>.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !['run-all.ts', 'lib.ts'].includes(f) && !f.endsWith('.test.ts'))
  .filter((f) => !only.length || only.includes(f.replace(/\.ts$/, '')));

let failed = 0;
for (const file of scripts) {
  console.log(`\n=== bench: ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
