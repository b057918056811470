import { z } from 'zod';

/** Failure envelope (ARCHITECTURE "HTTP contract"). */
export const errorResponse = z
  .object({
    status: z.literal('error'),
    message: z.string().describe('A sentence a person can act on'),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Per-field validation problems (400 only)'),
  })
  .describe('Error');
export type ErrorResponse = z.infer<typeof errorResponse>;

/** The error statuses a route may answer, each with the one error shape: errorResponses(400, 401, 403). */
export function errorResponses<const C extends readonly number[]>(...codes: C): Record<C[number], typeof errorResponse> {
  return Object.fromEntries(codes.map((c) => [c, errorResponse])) as Record<C[number], typeof errorResponse>;
}

/** Success envelope: { status: 'success', data }. */
export function success<T extends z.ZodTypeAny>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

/** Success with just a message (forgot password, read-all ...). */
export const messageResponse = z.object({ status: z.literal('success'), message: z.string() });

export const idParams = z.object({ id: z.string().uuid('That id is not valid') });

/** Page/limit query shared by every paginated list. */
export function paginationQuery(defaultLimit = 20, maxLimit = 100) {
  return z.object({
    page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be 1 or more')
      .max(maxLimit, `limit must be ${maxLimit} or less`)
      .default(defaultLimit),
  });
}

export const pageInfo = { page: z.number().int(), limit: z.number().int(), total: z.number().int() };

/** Query-string booleans: 'true'/'false'/'1'/'0'. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Every entity carries both _id and id (same UUID): the spec reads both. */
export const entityIds = { _id: z.string(), id: z.string() };
