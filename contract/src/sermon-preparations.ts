import { z } from 'zod';
import { entityIds } from './http';

export const PREPARATION_STATUSES = ['draft', 'ready'] as const;
export const PREPARATION_TEXTS = {
  saved: 'Sermon preparation saved',
  saveFailed: 'Failed to save sermon preparation',
  deleted: 'Sermon preparation deleted',
  loadFailed: 'Failed to load sermon preparations',
} as const;

export const preparationSchema = z
  .object({
    ...entityIds,
    title: z.string(),
    scriptures: z.string().describe("Scripture references, e.g. 'Ephesians 2:1-10; Romans 5:8'"),
    outline: z.string(),
    series: z.string(),
    date: z.string().nullable().describe('YYYY-MM-DD it is to be preached'),
    status: z.enum(PREPARATION_STATUSES),
    sermonId: z.string().nullable().describe('The sermon it became once uploaded'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Sermon preparation');
export type Preparation = z.infer<typeof preparationSchema>;

export const preparationInput = z.object({
  title: z.string().trim().min(1, 'Please enter a sermon title').max(200, 'Title must be 200 characters or less'),
  scriptures: z.string().trim().max(500, 'Scripture references must be 500 characters or less').default(''),
  outline: z.string().trim().max(20000, 'The outline must be 20000 characters or less').default(''),
  series: z.string().trim().max(120, 'Series must be 120 characters or less').default(''),
  date: z
    .union([z.literal(''), z.iso.date({ error: 'Date must be YYYY-MM-DD' })])
    .nullable()
    .default(null)
    .transform((d) => d || null),
  status: z.enum(PREPARATION_STATUSES, { error: 'status must be draft or ready' }).default('draft'),
});
export type PreparationInput = z.input<typeof preparationInput>;

export const preparationResponse = z.object({ status: z.literal('success'), data: z.object({ preparation: preparationSchema }) });
export const preparationsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ preparations: z.array(preparationSchema) }),
});
