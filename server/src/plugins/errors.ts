import fs from 'node:fs';
import { pageLocale, withPageLocale } from './page-locale';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, HttpError } from '../lib/errors';
import { isDatabaseUnavailable, isUniqueViolation, pgErrorCode } from '../db/client';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

/**
 * PostgreSQL "data exception" codes a caller's value can cause (bad uuid/number/date text, a value too
 * long for its column, an untranslatable character). Validation should stop these first; if one gets
 * through, it is still the request that is wrong, so 400 — never a 500.
 */
const BAD_VALUE_CODES = new Set(['22P02', '22021', '22001', '22003', '22007', '22008', '22P05', '2200F', '22025']);

export const BROKEN_MULTIPART = 'The upload was cut off or is not valid multipart/form-data. Please choose the file and try again.';

function isBrokenMultipart(err: FastifyError, contentType: string | undefined) {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return false;
  if (pgErrorCode(err) || (err.statusCode && err.statusCode >= 500)) return false;
  return !err.code || !/^E[A-Z]+$/.test(err.code);
}

export const MISSING_REQUIRED_FIELDS = 'Missing required fields';

/** How many top-level body fields were refused because they are absent (not because their value is wrong). */
function missingFieldCount(context: string | undefined, issues: ReadonlyArray<{ instancePath: string }>, body: unknown) {
  if (context !== 'body') return 0;
  const given = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const absent = new Set<string>();
  for (const issue of issues) {
    const path = String(issue.instancePath).split('/').filter(Boolean);
    if (path.length === 1 && given[path[0]!] === undefined) absent.add(path[0]!);
  }
  return absent.size;
}

/**
 * One error shape for the whole API: { status: 'error', message, details? }.
 * 4xx messages are shown to the caller; 5xx are logged in full and answered
 * with a generic sentence, never a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { webDistDir?: string }) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is not valid',
      }));
      // Spec 002 §8: a body missing several required fields is answered 'Missing required fields' (each field's
      // own message stays in details); one missing field, or a wrong value, keeps its own message.
      const message =
        missingFieldCount(err.validationContext, err.validation, request.body) > 1 ? MISSING_REQUIRED_FIELDS : details[0]?.message;
      return reply.code(400).send({ status: 'error', message: message ?? 'Invalid request', details });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send({ status: 'error', message: err.message });
    }
    if (isUniqueViolation(err)) {
      return reply.code(409).send({ status: 'error', message: 'That record already exists' });
    }
    const pgCode = pgErrorCode(err);
    if (pgCode && BAD_VALUE_CODES.has(pgCode)) {
      return reply
        .code(400)
        .send({ status: 'error', message: 'A value in the request is not valid for its field. Check it and try again.' });
    }
    // The database, not the request: the same request will succeed once it is back.
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'error', message: 'The database is unavailable. Please try again shortly.' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.code(500).send({ status: 'error', message: 'Something went wrong on our side. Please try again.' });
    }
    // A multipart body the parser could not read (cut off before its closing boundary, a broken part
    // header): busboy throws plain Errors. The request is wrong, on every upload route alike — but a
    // disk's own error (ENOSPC, EACCES …) keeps its 500.
    if (isBrokenMultipart(err, request.headers['content-type'])) {
      return reply.code(400).send({ status: 'error', message: BROKEN_MULTIPART });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status < 500) {
      const message = (err.code && FASTIFY_MESSAGES[err.code]) || err.message || 'Bad request';
      return reply.code(status).send({ status: 'error', message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 'error', message: 'Something went wrong on our side. Please try again.' });
  });

  const indexHtml = opts.webDistDir ? path.join(opts.webDistDir, 'index.html') : null;
  // index.html read once per build (its modification time), not on every page load.
  let index: { mtimeMs: number; html: string } | undefined;
  const readIndex = (file: string) => {
    const mtimeMs = fs.statSync(file).mtimeMs;
    if (index?.mtimeMs !== mtimeMs) index = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return index.html;
  };
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url === '/api' || url.startsWith('/api/') || url === '/ws';
    // The web app's client-side routes all load index.html (SPA fallback).
    if (!isApi && request.method === 'GET' && indexHtml && fs.existsSync(indexHtml)) {
      // In the visitor's language (issue 36): the app starts in the one named on <html>.
      return pageLocale(app, request).then((locale) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie, Accept-Language')
          .send(withPageLocale(readIndex(indexHtml), locale)),
      );
    }
    return reply.code(404).send({ status: 'error', message: `No such endpoint: ${request.method} ${url}` });
  });
});
