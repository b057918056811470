import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import type { DonationRow } from '../../db/schema/index';

const HEADER = ['Date', 'Donor', 'Fund', 'Amount (R)', 'Method', 'Status', 'Reference'];

function line(d: DonationRow): [string, string, string, string, string, string, string] {
  return [
    d.givenAt.toISOString().slice(0, 10),
    d.donorName ?? '',
    d.fund,
    (d.amountCents / 100).toFixed(2),
    PAYMENT_METHOD_LABELS[d.paymentMethod as 'card'] ?? d.paymentMethod,
    d.status || 'completed',
    d.reference ?? d.externalRef ?? '',
  ];
}

/** Cells starting with = + - @ are prefixed so a spreadsheet never runs them as formulas. */
const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** CSV through csv-stringify: rows flow from the keyset-paged query to the response. */
export function csvStream(chunks: AsyncIterable<DonationRow[]>): Readable {
  const out = stringify({ header: true, columns: HEADER, bom: true });
  void (async () => {
    try {
      for await (const rows of chunks) {
        for (const r of rows) {
          if (!out.write(line(r).map(safe))) await new Promise((res) => out.once('drain', res));
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
export function xlsxStream(chunks: AsyncIterable<DonationRow[]>, title: string): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as Writable, useStyles: true });
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.columns = HEADER.map((h, i) => ({ header: h, key: String(i), width: [12, 28, 18, 14, 14, 12, 16][i] }));
  void (async () => {
    try {
      for await (const rows of chunks) {
        for (const r of rows) {
          const cells: (string | number)[] = line(r).map(safe);
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
