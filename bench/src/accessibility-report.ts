// The accessibility report (issue 18: "axe-core: 0 serious, 0 critical on every route at both widths (report
// the table)"), made from what the e2e accessibility spec wrote, not typed by hand: each of its tests (1280 and
// 390 px, light and dark; public and member pages apart or together) leaves an axe-table.md in its output
// folder. This reads them, refuses to write a report when one is missing or unreadable, and writes
// bench/reports/accessibility.md with every route in one row and the four results side by side.
//
//   flock /tmp/heavy.lock sh -c 'npm run build && E2E_PORT=3400 npx playwright test -c e2e/playwright.config.ts e2e/tests/accessibility.spec.ts'
//   node --import tsx bench/src/accessibility-report.ts test-results/e2e-3400
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REPORT = path.join(ROOT, 'bench/reports/accessibility.md');

interface Row {
  route: string;
  landed: string;
  serious: number;
  critical: number;
  structure: string;
}
interface Table {
  /** 'public' or 'member' when the spec splits a width and scheme into two tests; null when one test checks both. */
  group: string | null;
  width: number;
  scheme: 'light' | 'dark';
  rows: Row[];
  details: string[];
  file: string;
  mtime: Date;
}

/** The columns of the report, in order: each must have its table. */
const RUNS = [
  { width: 1280, scheme: 'light' },
  { width: 390, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 390, scheme: 'dark' },
] as const;

/** The spec's tests per width and scheme when it splits them. */
const GROUPS = ['public', 'member'] as const;

function findTables(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTables(full));
    else if (entry.name === 'axe-table.md') found.push(full);
  }
  return found;
}

/** One axe-table.md as the spec writes it (accessibility.spec.ts: `report`). Throws on anything else. */
export function parseTable(text: string, file: string): Omit<Table, 'mtime'> {
  const heading = /^## (?:(\w+) pages, )?(\d+) px, (light|dark)$/m.exec(text);
  if (!heading) throw new Error(`${file}: no "## [<who> pages, ]<width> px, <scheme>" heading`);
  const rows: Row[] = [];
  const details: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) details.push(line.slice(2));
    if (!line.startsWith('| ') || line.startsWith('| route ') || line.startsWith('| ---')) continue;
    const cells = line
      .slice(2, -2)
      .split(' | ')
      .map((c) => c.trim());
    if (cells.length !== 5 || !/^\d+$/.test(cells[2]!) || !/^\d+$/.test(cells[3]!)) throw new Error(`${file}: unreadable row: ${line}`);
    rows.push({ route: cells[0]!, landed: cells[1]!, serious: Number(cells[2]), critical: Number(cells[3]), structure: cells[4]! });
  }
  if (rows.length === 0) throw new Error(`${file}: no routes in the table`);
  return { group: heading[1] ?? null, width: Number(heading[2]), scheme: heading[3] as 'light' | 'dark', rows, details, file };
}

const passed = (r: Row) => r.serious === 0 && r.critical === 0 && r.structure === 'ok';

function cell(r: Row | undefined): string {
  if (!r) return 'not checked';
  const shown = r.landed === r.route.split('?')[0] ? '' : ` (shows ${r.landed})`;
  if (passed(r)) return `✅ 0 / 0${shown}`;
  const structure = r.structure === 'ok' ? '' : `; ${r.structure}`;
  return `❌ ${r.serious} / ${r.critical}${structure}${shown}`;
}

function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function buildReport(tables: Table[], source: string): string {
  // One table per width and scheme, or two (public and member pages) joined in that order.
  const byRun = RUNS.map((run) => {
    const of = tables.filter((t) => t.width === run.width && t.scheme === run.scheme);
    const whole = of.find((t) => t.group === null);
    if (whole) return whole;
    const parts = GROUPS.map((g) => of.find((t) => t.group === g));
    const missing = GROUPS.filter((_, i) => !parts[i]);
    if (missing.length)
      throw new Error(
        `No axe table for ${missing.join(' and ')} pages at ${run.width} px, ${run.scheme} in ${source}: did that test run to its end?`,
      );
    return {
      ...run,
      group: null,
      rows: parts.flatMap((t) => t!.rows),
      details: parts.flatMap((t) => t!.details),
      file: parts.map((t) => t!.file).join(', '),
      mtime: new Date(Math.max(...parts.map((t) => t!.mtime.getTime()))),
    };
  });
  const routes = [...new Set(byRun.flatMap((t) => t.rows.map((r) => r.route)))];
  const newest = new Date(Math.max(...byRun.map((t) => t.mtime.getTime())));
  const lines = [
    '# Accessibility: axe-core on every route, at both widths and in both colour schemes',
    '',
    `Checked ${newest.toISOString()} by e2e/tests/accessibility.spec.ts (@axe-core/playwright), report written at commit ${commitOf()}`,
    `by \`node --import tsx bench/src/accessibility-report.ts ${source}\` from the spec's axe-table.md outputs.`,
    '',
    'Rules: axe tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa and best-practice. Budget (issue 18): 0 serious and',
    '0 critical findings on every route at 1280 and 390 px. The spec also asks of every page one `<main>`, one `<h1>`,',
    "and the skip link as the first Tab stop ('structure'). Member routes are checked signed in as a new member.",
    '',
    '## Summary',
    '',
    '| width | scheme | routes checked | serious | critical | structure findings | result |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const t of byRun) {
    const serious = t.rows.reduce((n, r) => n + r.serious, 0);
    const critical = t.rows.reduce((n, r) => n + r.critical, 0);
    const structure = t.rows.filter((r) => r.structure !== 'ok').length;
    const ok = t.rows.every(passed);
    lines.push(
      `| ${t.width} px | ${t.scheme} | ${t.rows.length} | ${serious} | ${critical} | ${structure} | ${ok ? '✅ pass' : '❌ fail'} |`,
    );
  }
  lines.push(
    '',
    '## Every route',
    '',
    'Each cell: serious / critical findings, then any structure finding; "shows" names the page a route sent that width to.',
    '',
    `| route | ${byRun.map((t) => `${t.width} px ${t.scheme}`).join(' | ')} |`,
    `| --- | ${byRun.map(() => '---').join(' | ')} |`,
  );
  for (const route of routes) lines.push(`| ${route} | ${byRun.map((t) => cell(t.rows.find((r) => r.route === route))).join(' | ')} |`);
  const details = byRun.flatMap((t) => t.details.map((d) => `- ${t.width} px ${t.scheme}, ${d}`));
  lines.push('', '## Findings', '', details.length ? details.join('\n') : 'None: no serious or critical finding on any route.', '');
  return lines.join('\n');
}

function main() {
  const source = process.argv[2] ?? `test-results/e2e-${process.env.E2E_PORT ?? 3210}`;
  const dir = path.resolve(ROOT, source);
  if (!fs.existsSync(dir)) throw new Error(`${dir} does not exist: run e2e/tests/accessibility.spec.ts first (see the top of this file)`);
  const tables = findTables(dir).map((file) => ({
    ...parseTable(fs.readFileSync(file, 'utf8'), path.relative(ROOT, file)),
    mtime: fs.statSync(file).mtime,
  }));
  const report = buildReport(tables, source);
  fs.writeFileSync(REPORT, report);
  console.log(report);
}

main();
