import type { Label } from '@church/contract/checkin';

/**
 * Labels as Zebra ZPL II for a 4 × 2 inch label at 203 dpi (812 × 406 dots). Text goes through ^FH so
 * that ^ and ~ (ZPL's command characters) in a name can never start a command: every character outside
 * plain printable ASCII, and the two command characters and the hex indicator, are written as _XX hex
 * bytes of their UTF-8 (^CI28).
 */
export function zplText(value: string, max = 40): string {
  const cut = [...value.replace(/[\r\n\t]+/g, ' ')].slice(0, max).join('');
  let out = '';
  for (const byte of Buffer.from(cut, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out +=
      byte < 0x20 || byte > 0x7e || ch === '^' || ch === '~' || ch === '_' ? `_${byte.toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }
  return out;
}

const field = (x: number, y: number, size: number, text: string, max?: number) =>
  `^FO${x},${y}^A0N,${size},${size}^FH_^FD${zplText(text, max)}^FS`;

function childLabel(l: Label): string {
  const lines = [
    '^XA^CI28^PW812^LL406^LH0,0',
    field(30, 28, 64, l.childName ?? '', 22),
    field(30, 104, 36, `${l.roomName ?? ''}`, 30),
    field(30, 150, 28, `${l.serviceTitle} · ${l.date}`, 40),
  ];
  if (l.allergies) lines.push('^FO24,196^GB560,56,56^FS', `^FO34,206^A0N,38,38^FR^FH_^FD${zplText(`ALLERGY: ${l.allergies}`, 30)}^FS`);
  if (l.medicalNotes) lines.push(field(30, 264, 26, `Medical: ${l.medicalNotes}`, 45));
  lines.push(
    field(30, 330, 26, l.familyName, 40),
    '^FO600,24^GB190,110,4^FS',
    field(618, 42, 80, l.code),
    `^FO620,160^BQN,2,6^FDQA,${l.code}^FS`,
    '^XZ',
  );
  return lines.join('\n');
}

function guardianTag(l: Label): string {
  return [
    '^XA^CI28^PW812^LL406^LH0,0',
    field(30, 28, 40, 'PARENT / GUARDIAN TAG', 30),
    field(30, 90, 150, l.code),
    field(30, 260, 30, l.children.join(', '), 45),
    field(30, 310, 26, `${l.serviceTitle} · ${l.date}`, 40),
    // Code 128 of the code: the station scans it at collection.
    `^FO520,60^BY3^BCN,120,N,N,N^FD${l.code}^FS`,
    field(520, 200, 24, 'Show this tag to collect', 26),
    '^XZ',
  ].join('\n');
}

/** One ZPL document with every label of a check-in, children first, the guardian tag last. */
export function labelsToZpl(labels: Label[]): string {
  return labels.map((l) => (l.kind === 'child' ? childLabel(l) : guardianTag(l))).join('\n');
}

/** A short label to check a printer from the settings. */
export function testLabelZpl(printerName: string, at: string): string {
  return [
    '^XA^CI28^PW812^LL406',
    field(30, 40, 60, 'Test print'),
    field(30, 130, 34, printerName, 40),
    field(30, 190, 28, at, 40),
    '^FO30,250^GB750,4,4^FS',
    '^XZ',
  ].join('\n');
}
