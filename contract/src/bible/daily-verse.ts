import { z } from 'zod';
export * from './daily-verse-constants';

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
