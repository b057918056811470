import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { loadExcelJS } from '../../lib/heavy-modules';
import { PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import type { DonationRow } from '../../db/schema/index';
import { spreadsheetSafe } from '../../lib/spreadsheet-safe';

const HEADER = ['Date', 'Donor', 'Fund', 'Amount (R)', 'Method', 'Status', 'Reference'];

/** The calendar date of a gift in the church's time zone (YYYY-MM-DD), as every report shows it. */
export const localDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

function line(d: DonationRow, timeZone: string): [string, string, string, string, string, string, string] {
  return [
    localDate(d.givenAt, timeZone),
    d.donorName ?? '',
    d.fund,
    (d.amountCents / 100).toFixed(2),
    PAYMENT_METHOD_LABELS[d.paymentMethod as 'card'] ?? d.paymentMethod,
    d.status || 'completed',
    d.reference ?? d.externalRef ?? '',
  ];
}

const safe = (v: string) => spreadsheetSafe(v);

/** Writes a chunk, waiting for the stream to drain (or stopping with the signal). */
async function put(out: Writable, text: string, signal: AbortSignal) {
  signal.throwIfAborted();
  if (!out.write(text)) await once(out, 'drain', { signal });
}

/** CSV through the one CSV writer (lib/csv.ts): rows flow from the keyset-paged query to the download. */
export async function writeDonationsCsv(out: Writable, chunks: AsyncIterable<DonationRow[]>, timeZone: string, signal: AbortSignal) {
  await put(out, CSV_BOM + csvLine(HEADER), signal);
  for await (const rows of chunks) {
    let text = '';
    for (const r of rows) text += csvLine(line(r, timeZone));
    await put(out, text, signal);
  }
  out.end();
}

/** Excel through exceljs's streaming writer: each row is committed and released as it is written. */
export async function writeDonationsXlsx(
  out: Writable,
  chunks: AsyncIterable<DonationRow[]>,
  title: string,
  timeZone: string,
  signal: AbortSignal,
) {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.columns = HEADER.map((h, i) => ({ header: h, key: String(i), width: [12, 28, 18, 14, 14, 12, 16][i] }));
  for await (const rows of chunks) {
    signal.throwIfAborted();
    for (const r of rows) {
      const cells: (string | number)[] = line(r, timeZone).map(safe);
      cells[3] = r.amountCents / 100;
      ws.addRow(cells).commit();
    }
  }
  ws.commit();
  await wb.commit();
}
