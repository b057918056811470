import { z } from 'zod';

/** Spec 000 §3 Daily verse. */
export const dailyVerseSchema = z.object({
  reference: z.string().describe('e.g. John 3:16'),
  version: z.string().describe('Translation id, e.g. BSB'),
  text: z.string(),
  date: z.string().describe('The day (YYYY-MM-DD) this verse is for'),
  fullReference: z.string().describe('Reference with the translation, e.g. John 3:16 (BSB)'),
  offline: z.boolean().describe('True when the text came from the built-in offline verses'),
});
export type DailyVerse = z.infer<typeof dailyVerseSchema>;

export const dailyVerseResponse = z.object({ status: z.literal('success'), data: z.object({ verse: dailyVerseSchema }) });

/** Spec 000 §8: the fallback shown when the daily verse cannot be loaded. */
export const FALLBACK_DAILY_VERSE: DailyVerse = {
  reference: 'John 3:16',
  version: 'KJV',
  text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
  date: '',
  fullReference: 'John 3:16 (KJV)',
  offline: true,
};
