import { z } from 'zod';
import { entityIds, pageInfo } from './http';
import { SERMON_MEDIA_FILTERS } from './sermons-constants';
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
export type PublicSermonsQuery = z.input<typeof publicSermonsQuery>;

export const sermonsResponse = z.object({ status: z.literal('success'), data: z.object({ sermons: z.array(sermonSchema), ...pageInfo }) });
export const sermonResponse = z.object({ status: z.literal('success'), data: z.object({ sermon: sermonSchema }) });
export const sermonSeriesResponse = z.object({ status: z.literal('success'), data: z.object({ series: z.array(z.string()) }) });

export const mediaParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'That file name is not valid'),
});
