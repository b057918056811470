import { formatRand } from '@church/contract/rules/money';

/** A pending EFT gift a statement credit may be: what matching needs of it. */
export interface PendingGift {
  id: string;
  reference: string | null;
  amountCents: number;
  userId: string | null;
  donorName: string | null;
}
export interface Match {
  status: 'matched' | 'suggested' | 'unmatched';
  donationId: string | null;
  userId: string | null;
  reason: string | null;
}

/** The references the product issues (reference.ts: GIV- and eight of A–Z without I, O and 2–9), as people type them into banking apps. */
const REFERENCE = /GIV[\s-]?([A-HJ-NP-Z2-9]{8})(?![A-Z0-9])/gi;
export const referencesIn = (text: string) => [...text.matchAll(REFERENCE)].map((m) => `GIV-${m[1]!.toUpperCase()}`);

/**
 * What a payer writes each month, without the parts that change: the gift reference, digits, and the
 * bank's own words. 'ACB CREDIT T MOKOENA TITHE 0012' and 'ACB CREDIT T MOKOENA TITHE 0047' are the same payer.
 */
const BANK_WORDS = new Set(['ACB', 'CREDIT', 'CR', 'TRF', 'TRANSFER', 'FROM', 'PAYMENT', 'INTERNET', 'IB', 'FNB', 'APP', 'IMMEDIATE', 'DIGITAL', 'RECEIVED', 'DEPOSIT', 'EFT', 'CAPITEC', 'ABSA', 'NEDBANK', 'STANDARD', 'BANK']);
export function payerKey(text: string): string {
  return text
    .toUpperCase()
    .replace(REFERENCE, ' ')
    .replace(/[^A-Z\u00c0-\u024f ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !BANK_WORDS.has(w))
    .join(' ');
}

/** The donor's surname (three letters or more) appears as a word of the line. */
function nameFits(donorName: string | null, words: Set<string>) {
  const parts = (donorName ?? '').toUpperCase().split(/\s+/).filter(Boolean);
  const surname = parts.at(-1);
  return !!surname && surname.length >= 3 && words.has(surname);
}

/**
 * Matching for one import: each credit against the pending EFT gifts and the members' past references. A
 * pending gift is offered to one line only (the first); a line is matched by a reference in its text (and the
 * amount the gift promised), else suggested by amount with the donor's name or their past reference, else
 * suggested for the member whose past lines read the same (a new gift on confirmation), else unmatched.
 */
export function createMatcher(pending: PendingGift[], pastPayers: Map<string, string>) {
  const byReference = new Map(pending.filter((g) => g.reference).map((g) => [g.reference!, g]));
  const byAmount = new Map<number, PendingGift[]>();
  for (const g of pending) byAmount.set(g.amountCents, [...(byAmount.get(g.amountCents) ?? []), g]);
  const claimed = new Set<string>();

  return (line: { amountCents: number; description: string; reference: string | null }): Match => {
    const text = `${line.description} ${line.reference ?? ''}`;
    const refs = referencesIn(text);
    let note: string | null = null;
    for (const ref of refs) {
      const g = byReference.get(ref);
      if (!g) continue;
      if (claimed.has(g.id)) {
        note = `Reference ${ref} is on another line of this statement`;
        continue;
      }
      if (g.amountCents !== line.amountCents) {
        note = `Reference ${ref} names a pending gift of ${formatRand(g.amountCents / 100)}, not ${formatRand(line.amountCents / 100)}`;
        continue;
      }
      claimed.add(g.id);
      return { status: 'matched', donationId: g.id, userId: g.userId, reason: `Reference ${ref}` };
    }
    const key = payerKey(text);
    const pastUser = key ? pastPayers.get(key) : undefined;
    const words = new Set(text.toUpperCase().split(/[^A-Z\u00c0-\u024f]+/));
    let best: { g: PendingGift; score: number; why: string[] } | null = null;
    let tie = false;
    for (const g of byAmount.get(line.amountCents) ?? []) {
      if (claimed.has(g.id)) continue;
      const why: string[] = [];
      if (nameFits(g.donorName, words)) why.push('name');
      if (pastUser && g.userId === pastUser) why.push('past reference');
      if (!why.length) continue;
      if (best && why.length === best.score) tie = true;
      else if (!best || why.length > best.score) {
        best = { g, score: why.length, why };
        tie = false;
      }
    }
    if (best && !tie) {
      claimed.add(best.g.id);
      return {
        status: 'suggested',
        donationId: best.g.id,
        userId: best.g.userId,
        reason: `Amount and ${best.why.join(' and ')} (${best.g.donorName ?? 'pending gift'}${best.g.reference ? `, ${best.g.reference}` : ''})`,
      };
    }
    if (pastUser) return { status: 'suggested', donationId: null, userId: pastUser, reason: 'Reads like their earlier gifts (a new gift on confirmation)' };
    return { status: 'unmatched', donationId: null, userId: null, reason: note };
  };
}
