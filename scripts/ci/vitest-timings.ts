import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Where the unit and integration run spends its time (issue 37): per vitest project, the wall-clock span from
 * its first file's start to its last file's end, the summed file durations, and its slowest files. Written to
 * test-results/ci-timings/vitest.json for .ci/run's summary (scripts/ci/summary.mjs); prints nothing itself.
 */
export class TimingsReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly spans = new Map<string, { first: number; last: number }>();
  private runStart = 0;

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule) {
    const now = Date.now();
    this.started.set(module.moduleId + module.project.name, now);
    const span = this.spans.get(module.project.name);
    if (!span) this.spans.set(module.project.name, { first: now, last: now });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (span) span.last = Math.max(span.last, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const projects: Record<string, { files: number; tests: number; spanS: number; summedS: number; slowest: Array<[string, number]> }> = {};
    for (const m of modules) {
      const name = m.project.name;
      const p = (projects[name] ??= { files: 0, tests: 0, spanS: 0, summedS: 0, slowest: [] });
      const seconds = m.diagnostic().duration / 1000;
      p.files++;
      p.tests += [...m.children.allTests()].length;
      p.summedS += seconds;
      p.slowest.push([path.relative(process.cwd(), m.moduleId), Math.round(seconds * 10) / 10]);
    }
    for (const [name, p] of Object.entries(projects)) {
      const span = this.spans.get(name);
      p.spanS = span ? Math.round((span.last - span.first) / 100) / 10 : 0;
      p.summedS = Math.round(p.summedS * 10) / 10;
      p.slowest = p.slowest.sort((a, b) => b[1] - a[1]).slice(0, 8);
    }
    const out = path.join(process.cwd(), 'test-results/ci-timings');
    fs.mkdirSync(out, { recursive: true });
    const wallS = Math.round((Date.now() - this.runStart) / 100) / 10;
    fs.writeFileSync(path.join(out, 'vitest.json'), JSON.stringify({ startedAt: this.runStart, wallS, projects }, null, 2));
  }
}
