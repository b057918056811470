import type { Label } from '@church/contract/checkin';

/**
 * PDF labels any printer can print from the browser (4 × 2 inch pages): the same content as the ZPL the
 * server sends to a label printer, made here so an offline kiosk prints too. pdf-lib loads only when a
 * PDF is made.
 */
export async function labelsPdf(labels: Label[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  // The standard fonts speak WinAnsi: anything else (an emoji in a name) is left out rather than failing the print.
  const safe = (s: string | null | undefined, max = 40) =>
    [...(s ?? '')]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0xff)
      .join('')
      .slice(0, max);
  for (const l of labels) {
    const page = doc.addPage([288, 144]);
    if (l.kind === 'child') {
      page.drawText(safe(l.childName, 24), { x: 12, y: 112, size: 20, font: bold });
      page.drawText(safe(l.roomName, 30), { x: 12, y: 92, size: 13, font: regular });
      page.drawText(safe(`${l.serviceTitle} · ${l.date}`, 40), { x: 12, y: 76, size: 9, font: regular });
      if (l.allergies) {
        page.drawRectangle({ x: 8, y: 50, width: 190, height: 18, color: rgb(0, 0, 0) });
        page.drawText(safe(`ALLERGY: ${l.allergies}`, 30), { x: 12, y: 55, size: 11, font: bold, color: rgb(1, 1, 1) });
      }
      if (l.medicalNotes) page.drawText(safe(`Medical: ${l.medicalNotes}`, 45), { x: 12, y: 36, size: 9, font: regular });
      page.drawText(safe(l.familyName, 40), { x: 12, y: 14, size: 9, font: regular });
      page.drawRectangle({ x: 206, y: 92, width: 72, height: 40, borderWidth: 2, borderColor: rgb(0, 0, 0) });
      page.drawText(l.code, { x: 214, y: 104, size: 22, font: bold });
    } else {
      page.drawText('PARENT / GUARDIAN TAG', { x: 12, y: 122, size: 11, font: bold });
      page.drawText(l.code, { x: 12, y: 62, size: 52, font: bold });
      page.drawText(safe(l.children.join(', '), 45), { x: 12, y: 36, size: 11, font: regular });
      page.drawText(safe(`${l.serviceTitle} · ${l.date}`, 40), { x: 12, y: 18, size: 9, font: regular });
      page.drawText('Show this tag to collect', { x: 170, y: 122, size: 9, font: regular });
    }
  }
  return doc.save();
}

/** Opens the browser's print dialog for the labels (a hidden frame holding the PDF). */
export async function printLabelsInBrowser(labels: Label[]) {
  const bytes = await labelsPdf(labels);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.title = 'Labels';
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank');
    }
    setTimeout(() => (frame.remove(), URL.revokeObjectURL(url)), 60_000);
  };
  document.body.appendChild(frame);
  return bytes.length;
}
