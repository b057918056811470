/** An error whose message is meant for the caller (4xx). */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please wait and try again.') =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable: a restart usually takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
