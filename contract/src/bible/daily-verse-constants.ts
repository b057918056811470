/** Daily verse fallback and rotation (spec 000 §8, §9). No zod here, so the public site can import these without downloading schemas. */
import type { DailyVerse } from './daily-verse';

/** Spec 000 §8: the fallback shown when the daily verse cannot be loaded. */
export const FALLBACK_DAILY_VERSE: DailyVerse = {
  reference: 'John 3:16',
  version: 'KJV',
  text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
  date: '',
  fullReference: 'John 3:16 (KJV)',
  offline: true,
};

/** Spec 000 §9: the daily verse rotates over these seven references by day number. */
export const DAILY_VERSE_REFERENCES = [
  'John 3:16',
  'Philippians 4:13',
  'Psalm 23:1',
  'Jeremiah 29:11',
  'Romans 8:28',
  'Isaiah 41:10',
  'Matthew 11:28',
] as const;

/** The translation the daily verse is read in. */
export const DAILY_VERSE_VERSION = 'BSB';

/**
 * Day number of a calendar day 'YYYY-MM-DD': 1 on 1 January, 365 (or 366)
 * on 31 December. Read from the string, so no time zone can shift it.
 */
export function dayOfYear(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
}

/** The reference for a day: DAILY_VERSE_REFERENCES[dayOfYear % 7]; `offset` steps further along the rotation ('Refresh verse'). */
export function dailyReferenceFor(day: string, offset = 0): (typeof DAILY_VERSE_REFERENCES)[number] {
  return DAILY_VERSE_REFERENCES[(dayOfYear(day) + offset) % DAILY_VERSE_REFERENCES.length]!;
}

/** The calendar day 'YYYY-MM-DD' of an instant in a time zone (the church's, by default Johannesburg). */
export function calendarDay(at: Date, timeZone = 'Africa/Johannesburg'): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
