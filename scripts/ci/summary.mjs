// Prints .ci/run's closing summary (issue 37): the wall time of each part of `npm test`, the slowest files of
// each suite, and every flaky e2e test by name. Reads what the reporters wrote (scripts/ci/vitest-timings.ts,
// e2e/support/ci-summary-reporter.ts). Usage: node scripts/ci/summary.mjs <npm test start, epoch ms> <end>
import fs from 'node:fs';

const [start, end] = process.argv.slice(2).map(Number);
const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(`test-results/ci-timings/${name}.json`, 'utf8'));
  } catch {
    return undefined;
  }
};
const vitest = read('vitest');
const e2e = read('e2e');
const s = (ms) => `${Math.round(ms / 1000)} s`;
const fresh = (r) => r && r.startedAt >= start;
const lines = ['== summary: where the time went'];
if (fresh(vitest)) {
  lines.push(`   typecheck (until vitest started): ${s(vitest.startedAt - start)}`);
  lines.push(`   vitest, all projects side by side: ${Math.round(vitest.wallS)} s`);
  for (const [name, p] of Object.entries(vitest.projects)) {
    lines.push(`     ${name}: ${p.files} files, ${p.tests} tests, ${Math.round(p.spanS)} s wall (${Math.round(p.summedS)} s summed)`);
    lines.push(`       slowest: ${p.slowest.map(([f, t]) => `${f} ${t} s`).join(', ')}`);
  }
}
if (fresh(e2e)) {
  if (fresh(vitest)) lines.push(`   web build for e2e (after vitest): ${s(e2e.startedAt - (vitest.startedAt + vitest.wallS * 1000))}`);
  lines.push(`   e2e (Playwright, Chromium): ${Math.round(e2e.wallS)} s, ${e2e.status}`);
  lines.push(`     slowest specs: ${e2e.specs.slice(0, 10).map(([f, t]) => `${f} ${Math.round(t)} s`).join(', ')}`);
  if (e2e.flaky.length) {
    lines.push(`   FLAKY (failed, then passed on the retry — fix each, do not leave it to the retry): ${e2e.flaky.length}`);
    for (const f of e2e.flaky) lines.push(`     flaky: ${f}`);
  } else lines.push('   flaky e2e tests: none');
}
lines.push(`   npm test in all: ${s(end - start)}`);
console.log(lines.join('\n'));
