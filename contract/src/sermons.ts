import { z } from 'zod';
import { entityIds, pageInfo } from './http';
import { SERMON_MEDIA_FILTERS, SERMON_TEXTS } from './sermons-constants';
export * from './sermons-constants';

export const sermonSchema = z
  .object({
    ...entityIds,
    title: z.string(),
    speaker: z.string(),
    preacher: z.string().describe('Same as speaker (the home card reads preacher)'),
    date: z.string().describe('ISO date it was preached'),
    description: z.string(),
    series: z.string().nullable(),
    videoUrl: z.string().nullable(),
    audioUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    externalUrl: z.string().nullable(),
    duration: z.string().nullable().describe('mm:ss (h:mm:ss past an hour)'),
    durationSeconds: z.number().int().nullable(),
    views: z.number().int(),
    published: z.boolean(),
    createdAt: z.string(),
  })
  .describe('Sermon');
export type Sermon = z.infer<typeof sermonSchema>;

export const publicSermonsQuery = z.object({
  search: z
    .string()
    .trim()
    .max(100, 'search must be 100 characters or less')
    .optional()
    .describe('Matches title, speaker, description or series'),
  type: z.enum(SERMON_MEDIA_FILTERS, { error: 'type must be all, video or audio' }).default('all'),
  series: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be 100 or less').default(24),
});
/** GET /api/sermons (public API, spec 002 §7.11): published sermons by series and preacher. */
export const apiSermonsQuery = publicSermonsQuery.extend({
  preacher: z.string().trim().max(120, 'preacher must be 120 characters or less').optional().describe('Part of the speaker name'),
});
export type PublicSermonsQuery = z.input<typeof publicSermonsQuery>;

export const sermonsResponse = z.object({ status: z.literal('success'), data: z.object({ sermons: z.array(sermonSchema), ...pageInfo }) });
export const sermonResponse = z.object({ status: z.literal('success'), data: z.object({ sermon: sermonSchema }) });
export const sermonSeriesResponse = z.object({ status: z.literal('success'), data: z.object({ series: z.array(z.string()) }) });

export const mediaParams = z.object({
  file: z
    .string()
    .max(200, { error: 'That file name is not valid', abort: true })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'That file name is not valid'),
});

/**
 * Spec 002 §7.3 POST /sermons (multipart text fields) and PUT /sermons/{id}
 * (JSON): the same rules. Booleans and numbers may arrive as form strings.
 */
const formBoolean = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
export const sermonFieldsSchema = z.object({
  title: z
    .string({ error: SERMON_TEXTS.titleRequired })
    .trim()
    .min(1, SERMON_TEXTS.titleRequired)
    .max(200, 'Title must be 200 characters or less'),
  speaker: z
    .string({ error: SERMON_TEXTS.speakerRequired })
    .trim()
    .min(1, SERMON_TEXTS.speakerRequired)
    .max(120, 'Speaker must be 120 characters or less'),
  date: z
    .union([
      z.literal(''),
      z.iso.date({ error: 'Date must be YYYY-MM-DD' }),
      z.iso.datetime({ offset: true, error: 'Date must be YYYY-MM-DD' }),
    ])
    .optional()
    .describe('The day it was preached (today when empty)'),
  description: z.string().trim().max(5000, 'Description must be 5000 characters or less').default(''),
  series: z.string().trim().max(120, 'Series must be 120 characters or less').default(''),
  published: formBoolean.default(true),
  durationSeconds: z.coerce.number().int().min(0).max(86_400).optional().describe('Length of the media, read by the browser'),
  preparationId: z.string().uuid('That preparation id is not valid').optional().describe('The preparation notes this sermon comes from'),
});
export type SermonFields = z.input<typeof sermonFieldsSchema>;
export const updateSermonRequest = sermonFieldsSchema.omit({ preparationId: true, durationSeconds: true });

export const manageSermonsQuery = z.object({
  search: z.string().trim().max(100, 'search must be 100 characters or less').optional(),
  status: z.enum(['all', 'published', 'unpublished'], { error: 'status must be all, published or unpublished' }).default('all'),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be 100 or less').default(50),
});

export const sermonStatsResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    stats: z.object({
      total: z.number().int(),
      published: z.number().int(),
      unpublished: z.number().int(),
      totalViews: z.number().int(),
      series: z.number().int(),
    }),
  }),
});
