import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { loadArchiver } from '../../lib/heavy-modules';

/**
 * A small streaming writer of .xlsx files (Office Open XML SpreadsheetML):
 * the few parts a workbook needs, inline strings, and a handful of styles.
 *
 * Why not exceljs's streaming WorkbookWriter, which we used before: it builds
 * a Row, a Cell, a merged style object and its XML per cell and allocates
 * ~45 KB per 7-column row. At that rate V8 scavenges every millisecond or two,
 * promotes whatever is in flight (the page of rows, the zip's input) to the
 * old generation, and the export of 100,000 members grew the server by 80 MB
 * or more of garbage before a full collection came (bench/reports/exports.md).
 * Here a row is one string, a page of rows one write into the zip entry, and
 * the zip's back-pressure reaches the writer through that stream.
 */

/** Cell styles, in the order of cellXfs in styles.xml. */
export const XLSX_STYLE = { normal: 0, bold: 1, title: 2, subtitle: 3, money: 4 } as const;
export type XlsxStyle = keyof typeof XLSX_STYLE;
export type XlsxValue = string | number | null | undefined;
/** A cell: a value, or a value with a style. */
export type XlsxCell = XlsxValue | { value: XlsxValue; style: XlsxStyle };

export interface SheetOptions {
  /** Column widths in characters. */
  widths?: number[];
  /** Keeps the first row in view while scrolling (a header). */
  freezeHeader?: boolean;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF) are dropped.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const xmlText = (s: string) => s.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** A, B, … Z, AA, AB, … for a 0-based column index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row's XML (`number` is 1-based). Empty cells are left out, as spreadsheets do. */
export function rowXml(number: number, cells: readonly XlsxCell[]): string {
  let xml = `<row r="${number}">`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    const { value, style } = cell !== null && typeof cell === 'object' ? cell : { value: cell, style: 'normal' as const };
    if (value === null || value === undefined || value === '') continue;
    const s = style === 'normal' ? '' : ` s="${XLSX_STYLE[style]}"`;
    const ref = `${columnName(i)}${number}`;
    if (typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${ref}"${s}><v>${value}</v></c>`;
    else {
      const text = String(value);
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

function sheetHead(opts: SheetOptions): string {
  const pane = opts.freezeHeader
    ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
    : '';
  const cols = opts.widths?.length
    ? `<cols>${opts.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
}
const SHEET_TAIL = '</sheetData></worksheet>';

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">
<numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;R&quot; #,##0.00"/></numFmts>
<fonts count="4"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="12"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

export interface XlsxSheet {
  /** Adds rows; resolves once the zip has room for more (back-pressure). */
  write(rows: readonly (readonly XlsxCell[])[]): Promise<void>;
  /** Rows written so far. */
  readonly rowCount: number;
  /** Ends the sheet (the next sheet can start once this one is in the zip). */
  end(): Promise<void>;
}

export interface XlsxWorkbook {
  /** Starts a sheet: sheets are written one after the other, each ended before the next begins. */
  addSheet(name: string, opts?: SheetOptions): XlsxSheet;
  /** Writes the workbook's remaining parts and waits until the file is complete. */
  finish(): Promise<void>;
}

export async function createXlsx(out: Writable, meta: { title: string; creator: string; created?: Date }): Promise<XlsxWorkbook> {
  const archiver = await loadArchiver();
  const zip = archiver('zip', { zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  failed.catch(() => {});
  zip.pipe(out);
  const names: string[] = [];

  return {
    addSheet(name, opts = {}) {
      names.push(sheetName(name));
      const entry = new PassThrough({ highWaterMark: 64 * 1024 });
      zip.append(entry, { name: `xl/worksheets/sheet${names.length}.xml` });
      let rowCount = 0;
      entry.write(sheetHead(opts));
      return {
        get rowCount() {
          return rowCount;
        },
        async write(rows) {
          let xml = '';
          for (const cells of rows) xml += rowXml(++rowCount, cells);
          if (!entry.write(xml)) await Promise.race([once(entry, 'drain'), failed]);
        },
        async end() {
          entry.end(SHEET_TAIL);
          await Promise.race([finished(entry), failed]);
        },
      };
    },

    async finish() {
      const sheets = names.map((n, i) => ({ n, i: i + 1 }));
      zip.append(STYLES, { name: 'xl/styles.xml' });
      zip.append(
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>${sheets
          .map(({ n, i }) => `<sheet name="${xmlText(n)}" sheetId="${i}" r:id="rId${i}"/>`)
          .join('')}</sheets></workbook>`,
        { name: 'xl/workbook.xml' },
      );
      zip.append(
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${sheets
          .map(({ i }) => `<Relationship Id="rId${i}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i}.xml"/>`)
          .join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
        { name: 'xl/_rels/workbook.xml.rels' },
      );
      const created = (meta.created ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      zip.append(
        `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(meta.title)}</dc:title><dc:creator>${xmlText(meta.creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created></cp:coreProperties>`,
        { name: 'docProps/core.xml' },
      );
      zip.append(
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
        { name: '_rels/.rels' },
      );
      const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
      zip.append(
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>${sheets
          .map(({ i }) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${ct}.worksheet+xml"/>`)
          .join(
            '',
          )}<Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
        { name: '[Content_Types].xml' },
      );
      await Promise.race([zip.finalize(), failed]);
      await finished(out);
    },
  };
}
