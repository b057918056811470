import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
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

/** CSV through csv-stringify: rows flow from the keyset-paged query to the response. */
export function csvStream(chunks: AsyncIterable<DonationRow[]>, timeZone: string): Readable {
  const out = stringify({ header: true, columns: HEADER, bom: true });
  void (async () => {
    try {
      for await (const rows of chunks) {
        for (const r of rows) {
          if (!out.write(line(r, timeZone).map(safe))) await new Promise((res) => out.once('drain', res));
        }
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** Excel through exceljs's streaming writer: each row is committed and released as it is written. */
export async function xlsxStream(chunks: AsyncIterable<DonationRow[]>, title: string, timeZone: string): Promise<Readable> {
  const ExcelJS = await loadExcelJS();
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as Writable, useStyles: true });
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.columns = HEADER.map((h, i) => ({ header: h, key: String(i), width: [12, 28, 18, 14, 14, 12, 16][i] }));
  void (async () => {
    try {
      for await (const rows of chunks) {
        for (const r of rows) {
          const cells: (string | number)[] = line(r, timeZone).map(safe);
          cells[3] = r.amountCents / 100;
          ws.addRow(cells).commit();
        }
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
