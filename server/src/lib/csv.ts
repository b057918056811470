import { spreadsheetSafe } from './spreadsheet-safe';

/**
 * THE CSV writer (issue 29, finding 8): every CSV the product makes — reports, the donations list, IT3(d),
 * the my-data ZIP — is written through these, so every text cell passes the spreadsheet-formula guard
 * (lib/spreadsheet-safe.ts) and there is one quoting rule (RFC 4180). A writer that needs a number
 * formatted (amounts with two decimals) passes the formatted text: a plain number, negative included,
 * is not a formula and passes the guard unchanged.
 */
export type CsvCell = string | number | boolean | null | undefined | Date;

/** One field: guarded, then quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  const text = v instanceof Date ? v.toISOString() : String(spreadsheetSafe(typeof v === 'string' ? v : String(v)));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvField).join(',')}\n`;

/** The byte-order mark every CSV starts with, so Excel reads it as UTF-8. */
export const CSV_BOM = '\ufeff';

/**
 * A whole small CSV in memory (a table of the my-data ZIP, IT3(d)): BOM, header, rows. `bom: false` for a
 * file another system reads (IT3(d) goes to SARS), where the mark would be part of the first header.
 */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvCell[]>, { bom = true } = {}): string {
  let text = (bom ? CSV_BOM : '') + csvLine(header);
  for (const r of rows) text += csvLine(r);
  return text;
}
