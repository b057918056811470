import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField } from './writers';
import { columnName, createXlsx, rowXml } from './xlsx';

/** Writes a workbook into memory and reads it back with exceljs (what the export tests use). */
async function roundTrip(build: (book: Awaited<ReturnType<typeof createXlsx>>) => Promise<void>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = await createXlsx(out, { title: 'Members — This year', creator: 'Grace & Truth Church' });
  await build(book);
  await book.finish();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

describe('the streaming XLSX writer', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes markup, drops characters XML cannot carry, and leaves empty cells out', () => {
    expect(rowXml(3, ['a<b & "c"', 'bell\u0007', '', null, 2.5])).toBe(
      '<row r="3"><c r="A3" t="inlineStr"><is><t>a&lt;b &amp; &quot;c&quot;</t></is></c><c r="B3" t="inlineStr"><is><t>bell</t></is></c><c r="E3"><v>2.5</v></c></row>',
    );
  });

  it('writes sheets a spreadsheet library opens: values, styles, widths, a frozen header, many pages', async () => {
    const wb = await roundTrip(async (book) => {
      const summary = book.addSheet('Summary', { widths: [34, 16] });
      await summary.write([[{ value: 'Grace & Truth Church', style: 'title' }], [], ['Members', 250]]);
      await summary.end();
      const details = book.addSheet('Details', { widths: [20, 12], freezeHeader: true });
      await details.write([
        [
          { value: 'Name', style: 'bold' },
          { value: 'Amount (R)', style: 'bold' },
        ],
      ]);
      for (let page = 0; page < 5; page++)
        await details.write(
          Array.from({ length: 50 }, (_, i) => [`  Person ${page * 50 + i} `, { value: page * 50 + i + 0.5, style: 'money' as const }]),
        );
      await details.end();
    });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Details']);
    expect(wb.creator).toBe('Grace & Truth Church');
    const summary = wb.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Grace & Truth Church');
    expect(summary.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    expect(summary.getCell('B3').value).toBe(250);
    expect(summary.getColumn(1).width).toBe(34);
    const details = wb.getWorksheet('Details')!;
    expect(details.rowCount).toBe(251);
    expect(details.getCell('A1').font).toMatchObject({ bold: true });
    expect(details.getCell('A2').value).toBe('  Person 0 ');
    expect(details.getCell('B251').value).toBe(249.5);
    expect(details.getCell('B251').numFmt).toBe('"R" #,##0.00');
    expect(details.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});

describe('CSV fields', () => {
  it('quote what needs quoting and read back as written', () => {
    const cells = ['plain', 'comma, inside', 'say "hi"', 'two\nlines', 12.5, null, ''];
    const line = cells.map(csvField).join(',');
    expect(line).toBe('plain,"comma, inside","say ""hi""","two\nlines",12.5,,');
    expect(parse(`${line}\n`)).toEqual([['plain', 'comma, inside', 'say "hi"', 'two\nlines', '12.5', '', '']]);
  });
});
