import crypto from 'node:crypto';

// No 0/O or 1/I: a reference is read off a screen and typed into a banking app.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A unique-enough payment reference (32^8 ≈ 10^12; the unique index catches the rest). */
export function newReference(): string {
  const bytes = crypto.randomBytes(8);
  return `GIV-${[...bytes].map((b) => ALPHABET[b % 32]).join('')}`;
}
