import { once } from 'node:events';
import { spreadsheetSafe } from '../../lib/spreadsheet-safe';
import { csvLine } from '../../lib/csv';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BREAKDOWN_LABELS, type Breakdown, type ExportFormat, type ExportType } from '@church/contract/exports';
import type { BreakdownRow, Cell, ReportSource } from './sources';
import { createXlsx, type XlsxCell } from './xlsx';

/** What is printed on every file: whose report, which, for when. */
export interface ReportMeta {
  churchName: string;
  reportType: ExportType;
  reportName: string;
  periodLabel: string;
  startDay: string;
  endDay: string;
  generatedAt: Date;
  generatedBy: string;
  timeZone: string;
  includeDetails: boolean;
  breakdownBy: Breakdown | null;
}

export interface WriteInput {
  meta: ReportMeta;
  source: ReportSource;
  /** The file being written. */
  out: Writable;
  /** Called after each page of rows with how many rows are written so far. */
  onRows: (written: number) => Promise<void>;
}

/** Text cells that a spreadsheet would run as a formula are prefixed (lib/spreadsheet-safe.ts). */
export const safe = (v: Cell): Cell => spreadsheetSafe(v);

export const generatedText = (meta: ReportMeta) =>
  `Generated ${new Intl.DateTimeFormat('en-ZA', { timeZone: meta.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(meta.generatedAt)} by ${meta.generatedBy}`;

/** The summary as a small table: label, count (and amount for money reports). */
export function breakdownTable(meta: ReportMeta, source: ReportSource, rows: BreakdownRow[]) {
  const header = [BREAKDOWN_LABELS[meta.breakdownBy!], 'Count', ...(source.money ? ['Amount (R)'] : [])];
  return { header, rows: rows.map((r): Cell[] => [r.label, r.count, ...(source.money ? [r.amount ?? 0] : [])]) };
}

// CSV through the one CSV writer (lib/csv.ts): its guard and quoting.
export { csvField } from '../../lib/csv';

/**
 * CSV, a page of rows per write: the rows flow from the keyset-paged query
 * into the file with back-pressure. With includeDetails off the file is the
 * summary table instead. (The church and the period are in the file name: a
 * CSV stays one clean table for the spreadsheet that opens it.) A page is one
 * string, not a stream object per row: fewer allocations, so fewer young
 * collections promoting in-flight rows to the old generation (memory, see xlsx.ts).
 */
export async function writeCsv({ meta, source, out, onRows }: WriteInput): Promise<number> {
  let written = 0;
  await put(out, '\ufeff');
  if (!meta.includeDetails && source.breakdown && meta.breakdownBy) {
    const t = breakdownTable(meta, source, await source.breakdown(meta.breakdownBy));
    let text = csvLine(t.header);
    for (const r of t.rows) text += csvLine(r.map((c, i) => (source.money && i === 2 ? (c as number).toFixed(2) : safe(c))));
    written = t.rows.length;
    out.end(text);
    await finished(out);
    return written;
  }
  await put(out, csvLine(source.columns.map((c) => c.header)));
  const money = source.columns.map((c) => c.kind === 'money');
  for await (const page of source.pages()) {
    let text = '';
    for (const row of page) text += csvLine(row.map((c, i) => (money[i] ? (c as number).toFixed(2) : safe(c))));
    await put(out, text);
    written += page.length;
    await onRows(written);
  }
  out.end();
  await finished(out);
  return written;
}

/**
 * Excel: a Summary sheet (church, report, period, totals, the breakdown) and a
 * Details sheet streamed a page at a time through our own small XLSX writer
 * (xlsx.ts explains why not exceljs), with the zip's back-pressure.
 */
export async function writeExcel({ meta, source, out, onRows }: WriteInput): Promise<number> {
  const book = await createXlsx(out, {
    title: `${meta.reportName} — ${meta.periodLabel}`,
    creator: meta.churchName,
    created: meta.generatedAt,
  });
  const summary = book.addSheet('Summary', { widths: [34, 16, 18] });
  const rows: XlsxCell[][] = [
    [{ value: meta.churchName, style: 'title' }],
    [{ value: meta.reportName, style: 'subtitle' }],
    [`Period: ${meta.periodLabel}`],
    [generatedText(meta)],
    [],
  ];
  for (const [label, value] of await source.totals()) rows.push([label, value]);
  if (source.breakdown && meta.breakdownBy) {
    const t = breakdownTable(meta, source, await source.breakdown(meta.breakdownBy));
    rows.push(
      [],
      t.header.map((h) => ({ value: h, style: 'bold' as const })),
    );
    for (const r of t.rows) rows.push(r.map((c, i) => (source.money && i === 2 ? { value: c, style: 'money' as const } : c)));
  }
  await summary.write(rows);
  await summary.end();

  let written = 0;
  if (meta.includeDetails) {
    const details = book.addSheet('Details', { widths: source.columns.map((c) => Math.round(12 * c.width) + 2), freezeHeader: true });
    await details.write([source.columns.map((c) => ({ value: c.header, style: 'bold' as const }))]);
    const money = source.columns.map((c) => c.kind === 'money');
    for await (const page of source.pages()) {
      await details.write(page.map((row) => row.map((c, i) => (money[i] ? { value: c, style: 'money' as const } : safe(c)))));
      written += page.length;
      await onRows(written);
    }
    await details.end();
  }
  await book.finish();
  return written;
}

/** Writes one chunk, waiting for the file to drain when its buffer is full. */
async function put(out: Writable, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** JSON: the same report as data — meta, totals, breakdown and (with details) the rows as objects — streamed. */
export async function writeJson({ meta, source, out, onRows }: WriteInput): Promise<number> {
  const head = {
    church: meta.churchName,
    report: meta.reportName,
    reportType: meta.reportType,
    period: { start: meta.startDay, end: meta.endDay, label: meta.periodLabel },
    generatedAt: meta.generatedAt.toISOString(),
    totals: Object.fromEntries(await source.totals()),
    breakdownBy: meta.breakdownBy,
    breakdown: source.breakdown && meta.breakdownBy ? await source.breakdown(meta.breakdownBy) : [],
  };
  const text = JSON.stringify(head, null, 2);
  await put(out, `${text.slice(0, -2)}`);
  let written = 0;
  if (meta.includeDetails) {
    await put(out, ',\n  "rows": [');
    for await (const page of source.pages()) {
      const objs = page.map((row) => JSON.stringify(Object.fromEntries(source.columns.map((c, i) => [c.key, row[i] ?? null]))));
      await put(out, `${written ? ',' : ''}\n    ${objs.join(',\n    ')}`);
      written += page.length;
      await onRows(written);
    }
    await put(out, '\n  ]');
  }
  out.end('\n}\n');
  await finished(out);
  return written;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};
