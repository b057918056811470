import { finished } from 'node:stream/promises';
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../../lib/heavy-modules';
import { formatRand } from '@church/contract/rules/money';
import type { Cell, Column } from './sources';
import { breakdownTable, generatedText, type WriteInput } from './writers';

type Doc = InstanceType<typeof PDFDocument>;
const MARGIN = 40;
const FOOTER = 24;
/** A cell longer than this is cut in print (the CSV, Excel and JSON files keep it whole). */
const CELL_MAX = 400;

const show = (c: Cell, kind: Column['kind']) => {
  if (c == null || c === '') return '';
  if (kind === 'money') return formatRand(Number(c));
  const s = String(c);
  return s.length > CELL_MAX ? `${s.slice(0, CELL_MAX - 1)}…` : s;
};

/**
 * Print layout for A4: the church's name, the report and its period at the
 * top of every page, page numbers at the foot, and tables that break across
 * pages with their header row repeated. Wide reports turn the page to landscape.
 */
function printer(doc: Doc, meta: WriteInput['meta']) {
  let page = 0;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  const width = () => doc.page.width - MARGIN * 2;

  function pageHead() {
    page += 1;
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#111').text(meta.churchName, MARGIN, MARGIN, { width: width() });
    doc.font('Helvetica').fontSize(10).text(`${meta.reportName} · ${meta.periodLabel}`, { width: width() });
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width(), y)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
    // The foot sits inside the bottom margin: lift the margin while writing it so pdfkit does not start a new page.
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor('#555')
      .text(`${generatedText(meta)} · Page ${page}`, MARGIN, doc.page.height - MARGIN, {
        width: width(),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = keep;
    doc.fillColor('#111');
    doc.y = y + 8;
    doc.x = MARGIN;
  }

  function newPage() {
    doc.addPage();
    pageHead();
  }

  function heading(text: string) {
    if (doc.y + 40 > bottom()) newPage();
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).text(text, MARGIN, doc.y, { width: width() }).moveDown(0.2);
  }

  function lines(pairs: [string, string][]) {
    doc.fontSize(9);
    for (const [label, value] of pairs) {
      if (doc.y + 14 > bottom()) newPage();
      doc.font('Helvetica-Bold').text(`${label}: `, MARGIN, doc.y, { continued: true }).font('Helvetica').text(value);
    }
  }

  /** A table: header on each page it spans, rows measured so none is split between pages. */
  function table(columns: Pick<Column, 'header' | 'kind' | 'width'>[]) {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * width());
    const pad = 3;
    const drawHeader = () => {
      doc.font('Helvetica-Bold').fontSize(8);
      const h = Math.max(...columns.map((c, i) => doc.heightOfString(c.header, { width: widths[i]! - pad * 2 }))) + pad * 2;
      const y = doc.y;
      doc.rect(MARGIN, y, width(), h).fillColor('#e8eef5').fill().fillColor('#111');
      let x = MARGIN;
      columns.forEach((c, i) => {
        doc.text(c.header, x + pad, y + pad, {
          width: widths[i]! - pad * 2,
          align: c.kind === 'money' || c.kind === 'int' ? 'right' : 'left',
        });
        x += widths[i]!;
      });
      doc.y = y + h;
    };
    drawHeader();
    let zebra = false;
    return {
      row(cells: Cell[]) {
        doc.font('Helvetica').fontSize(8);
        const texts = cells.map((c, i) => show(c, columns[i]!.kind));
        const h = Math.max(10, ...texts.map((t, i) => doc.heightOfString(t || ' ', { width: widths[i]! - pad * 2 }))) + pad * 2;
        if (doc.y + h > bottom()) {
          newPage();
          drawHeader();
          doc.font('Helvetica').fontSize(8);
        }
        const y = doc.y;
        if (zebra) doc.rect(MARGIN, y, width(), h).fillColor('#f6f7f9').fill().fillColor('#111');
        zebra = !zebra;
        let x = MARGIN;
        texts.forEach((t, i) => {
          doc.text(t, x + pad, y + pad, {
            width: widths[i]! - pad * 2,
            align: columns[i]!.kind === 'money' || columns[i]!.kind === 'int' ? 'right' : 'left',
          });
          x += widths[i]!;
        });
        doc.y = y + h;
        doc.x = MARGIN;
      },
    };
  }

  return { pageHead, heading, lines, table, newPage };
}

/** A report as a printable PDF: totals, the breakdown, then the detail rows. */
export async function writePdf({ meta, source, out, onRows }: WriteInput): Promise<number> {
  const landscape = source.columns.length > 6;
  const doc = new (await loadPdfKit())({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    autoFirstPage: true,
    info: { Title: `${meta.reportName} — ${meta.periodLabel}`, Author: meta.churchName },
  });
  doc.pipe(out);
  const p = printer(doc, meta);
  p.pageHead();
  const totals = await source.totals();
  if (totals.length) {
    p.heading('Summary');
    p.lines(totals);
  }
  if (source.breakdown && meta.breakdownBy) {
    const t = breakdownTable(meta, source, await source.breakdown(meta.breakdownBy));
    p.heading(`By ${t.header[0]!.toLowerCase()}`);
    const tbl = p.table(
      t.header.map((h, i) => ({ header: h, kind: i === 0 ? 'text' : i === 1 ? 'int' : 'money', width: i === 0 ? 3 : 1 })),
    );
    if (!t.rows.length) doc.font('Helvetica').fontSize(9).text('Nothing in this period.');
    for (const r of t.rows) tbl.row(r);
  }
  let written = 0;
  if (meta.includeDetails) {
    p.heading(meta.reportType === 'directory' ? 'Members' : 'Details');
    const tbl = p.table(source.columns);
    for await (const page of source.pages()) {
      for (const r of page) tbl.row(r);
      written += page.length;
      await onRows(written);
    }
    if (!written)
      doc
        .font('Helvetica')
        .fontSize(9)
        .text(meta.reportType === 'directory' ? 'No member has agreed to appear in the directory yet.' : 'Nothing in this period.', MARGIN);
  }
  doc.end();
  await finished(out);
  return written;
}

/**
 * Address labels on the common A4 sheet of 3 × 7 labels (70 × 42.3 mm,
 * e.g. Avery L7160-style): name in bold, then the address one part per line.
 */
export async function writeLabelsPdf({ meta, source, out, onRows }: WriteInput): Promise<number> {
  const mm = 72 / 25.4;
  const cols = 3;
  const rows = 7;
  const w = 70 * mm;
  const h = 42.3 * mm;
  const left = (210 * mm - cols * w) / 2;
  const top = (297 * mm - rows * h) / 2;
  const doc = new (await loadPdfKit())({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${meta.reportName}`, Author: meta.churchName },
  });
  doc.pipe(out);
  let written = 0;
  for await (const page of source.pages()) {
    for (const [name, address] of page) {
      const slot = written % (cols * rows);
      if (slot === 0) doc.addPage();
      const x = left + (slot % cols) * w + 6 * mm;
      const y = top + Math.floor(slot / cols) * h + 6 * mm;
      const parts = String(address ?? '')
        .split(/[,\n]/)
        .map((part) => part.trim())
        .filter(Boolean)
        .slice(0, 5);
      doc
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(String(name), x, y, { width: w - 12 * mm, lineBreak: false, ellipsis: true });
      doc.font('Helvetica').fontSize(9);
      parts.forEach((part, i) => doc.text(part, x, y + 13 + i * 11, { width: w - 12 * mm, lineBreak: false, ellipsis: true }));
      written += 1;
    }
    await onRows(written);
  }
  if (!written) {
    doc.addPage();
    doc.font('Helvetica').fontSize(11).text(`${meta.churchName}: no active member has a postal address yet.`, 60, 60);
  }
  doc.end();
  await finished(out);
  return written;
}
