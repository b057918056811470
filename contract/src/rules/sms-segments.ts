/**
 * How many SMS a text costs (3GPP TS 23.038 / 23.040), the rule every South
 * African provider bills by:
 *  - GSM-7 when every character is in the GSM 03.38 default alphabet or its
 *    extension table (an extension character — ^ { } [ ] ~ \ | € and form
 *    feed — takes two septets); 160 septets in one SMS, 153 per part when
 *    the text is split (the rest carries the concatenation header);
 *  - otherwise UCS-2: 70 UTF-16 units in one SMS, 67 per part. An emoji or
 *    any character beyond the Basic Multilingual Plane takes two units.
 * A part never ends inside an extension pair or a surrogate pair (phones
 * could not show it), so a split can leave a septet or a unit unused.
 * isiZulu, isiXhosa, Sesotho and English are GSM-7; Afrikaans' ê, ë, ô and
 * û, a curly quote, an en dash or an emoji make the whole message UCS-2.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  segments: number;
  /** Characters that forced UCS-2 (for the composer's hint), at most five, in order of appearance. */
  nonGsm: string[];
}

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/** Linear in the text's length; `text` is already bounded by the message limit. */
export function smsSegments(text: string): SmsSegments {
  const nonGsm: string[] = [];
  // Code points, so an emoji is one entry (its two UTF-16 units are counted below).
  const chars = Array.from(text);
  for (const c of chars) if (!BASIC.has(c) && !EXTENSION.has(c) && nonGsm.length < 5 && !nonGsm.includes(c)) nonGsm.push(c);
  const encoding: SmsEncoding = nonGsm.length ? 'UCS-2' : 'GSM-7';
  const widths = chars.map((c) => (encoding === 'GSM-7' ? (EXTENSION.has(c) ? 2 : 1) : c.length));
  const units = widths.reduce((a, b) => a + b, 0);
  if (units === 0) return { encoding, units, segments: 0, nonGsm };
  const limits = SMS_LIMITS[encoding];
  if (units <= limits.single) return { encoding, units, segments: 1, nonGsm };
  // Pack parts greedily; a character that does not fit whole starts the next part.
  let segments = 1;
  let used = 0;
  for (const w of widths) {
    if (used + w > limits.part) {
      segments++;
      used = 0;
    }
    used += w;
  }
  return { encoding, units, segments, nonGsm };
}

/**
 * Prices are kept in hundredths of a cent (R 0.2450 is 2450) because SMS and
 * WhatsApp rates have fractions of a cent; a total is rounded to whole cents
 * once, half up, so a preview of 10,000 messages is exact to the cent.
 */
export const PRICE_UNITS_PER_CENT = 100;
export const unitsToCents = (units: number) => Math.floor((units + PRICE_UNITS_PER_CENT / 2) / PRICE_UNITS_PER_CENT);
/** Rand as typed (0.245) → price units (2450), exact for up to four decimals. */
export const randToUnits = (rand: number) => Math.round(rand * 100 * PRICE_UNITS_PER_CENT);
export const unitsToRand = (units: number) => units / (100 * PRICE_UNITS_PER_CENT);
