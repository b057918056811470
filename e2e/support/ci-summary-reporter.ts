import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * The e2e run's part of .ci/run's summary (issue 37): time per spec file, and every test that failed first and
 * passed on its retry — a flake, named, to be fixed rather than left to the retry. Written to
 * test-results/ci-timings/e2e.json; the list reporter prints the run itself.
 */
export default class CiSummaryReporter implements Reporter {
  private readonly files = new Map<string, number>();
  private readonly flaky: string[] = [];
  private startedAt = Date.now();

  onBegin() {
    this.startedAt = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(path.join(import.meta.dirname, '..'), test.location.file);
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration / 1000);
    if (test.outcome() === 'flaky' && result.status === 'passed') this.flaky.push(`${file} › ${test.titlePath().slice(3).join(' › ')}`);
  }

  onEnd(result: FullResult) {
    const out = path.join(import.meta.dirname, '../../test-results/ci-timings');
    fs.mkdirSync(out, { recursive: true });
    const specs = [...this.files].sort((a, b) => b[1] - a[1]).map(([file, s]) => [file, Math.round(s * 10) / 10]);
    const wallS = Math.round((Date.now() - this.startedAt) / 100) / 10;
    fs.writeFileSync(path.join(out, 'e2e.json'), JSON.stringify({ startedAt: this.startedAt, wallS, status: result.status, flaky: this.flaky, specs }, null, 2));
  }
}
