import { z } from 'zod';
export * from './daily-verse-constants';
import { DAILY_VERSE_REFERENCES } from './daily-verse-constants';
import { VERSION_ID_PATTERN } from './versions';

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

/** GET /api/bible/daily-verse?version=KJV&offset=2 */
export const dailyVerseQuery = z.object({
  version: z
    .string()
    .max(32, { error: 'That Bible version is not valid', abort: true })
    .regex(VERSION_ID_PATTERN, 'That Bible version is not valid')
    .transform((v) => v.toUpperCase())
    .optional()
    .describe('Translation to read the verse in (default BSB)'),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(DAILY_VERSE_REFERENCES.length - 1)
    .default(0)
    .describe("Steps past today's reference in the rotation: 'Refresh verse' asks for the next one"),
});
export type DailyVerseQuery = z.infer<typeof dailyVerseQuery>;

export const dailyVerseResponse = z.object({ status: z.literal('success'), data: z.object({ verse: dailyVerseSchema }) });
