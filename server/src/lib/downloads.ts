import fs from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * THE way a route sends a download (issue 29, finding 3): a backup, an export, the certificates ZIP,
 * the my-data ZIP, a sermon's media, a chat file. No client action — a cancelled download, a dropped
 * connection, Ctrl-C on `npm run backup` — may stop the server, and here that holds by construction:
 *
 * - the producer's promise has its handler attached the moment it exists, so nothing it does can become
 *   an unhandled rejection (Node ends the process on one);
 * - the client going away aborts the producer's AbortSignal, so it stops reading the database and
 *   writing temporary files instead of working on for no one (and cleans up in its own `finally`);
 * - a producer that fails part way cuts the download short (the client sees an incomplete transfer,
 *   never a file that looks whole) and is logged, unless the client had already gone.
 *
 * A producer that starts a pipeline it awaits later uses `pipeTo` (handled at once, aborting with the
 * signal), never a bare `pipeline()` left pending: that was the backup's crash.
 */
export interface DownloadHead {
  type: string;
  /** attachment; filename="…" (or inline with `inline`). */
  fileName?: string;
  inline?: boolean;
  length?: number;
  cacheControl?: string;
}

/** Why a producer stopped when the client went away: not an error worth a log line. */
export class DownloadClosed extends Error {
  constructor() {
    super('The download was closed before its end');
  }
}

function head(reply: FastifyReply, h: DownloadHead) {
  if (h.fileName) reply.header('content-disposition', `${h.inline ? 'inline' : 'attachment'}; filename="${h.fileName}"`);
  if (h.length !== undefined) reply.header('content-length', h.length);
  if (h.cacheControl) reply.header('cache-control', h.cacheControl);
  reply.type(h.type);
}

/** Send what `produce` writes into `out` (it ends `out`, or the helper does when it resolves). */
export function sendGenerated(
  request: FastifyRequest,
  reply: FastifyReply,
  h: DownloadHead,
  produce: (out: Writable, signal: AbortSignal) => Promise<unknown>,
): FastifyReply {
  const body = new PassThrough({ highWaterMark: 64 * 1024 });
  const controller = new AbortController();
  const closed = () => {
    if (!controller.signal.aborted) controller.abort(new DownloadClosed());
  };
  // Fastify destroys the body when the client goes; the response closing early says the same.
  body.once('close', () => {
    if (!body.writableFinished) closed();
  });
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) closed();
  });
  // An error event with no listener would throw: the body's errors are the producer's, handled below.
  body.on('error', () => {});
  const run = (async () => produce(body, controller.signal))();
  run.then(
    () => {
      if (!body.writableEnded && !body.destroyed) body.end();
    },
    (err: unknown) => {
      if (!controller.signal.aborted) request.log.error({ err }, 'download failed part way');
      controller.abort(err);
      // Cut short: a chunked response without its last chunk, which every client reports as incomplete.
      body.destroy();
    },
  );
  head(reply, h);
  return reply.send(body);
}

/**
 * `pipeline(source, out)` already handled (so it can never be an unhandled rejection while the producer
 * awaits something else) and tied to `signal`: aborting destroys both streams and rejects.
 */
export function pipeTo(source: Readable, out: Writable, signal: AbortSignal): Promise<void> {
  const piped = pipeline(source, out, { signal });
  piped.catch(() => {});
  return piped;
}

/**
 * A file on disk, whole or a byte range. The stream is opened here and destroyed when the client goes
 * (Fastify's stream handling), and an error while reading — the file removed between the check and the
 * read — cuts the download short instead of reaching the process.
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  h: DownloadHead,
  file: string,
  range?: { start: number; end: number },
): FastifyReply {
  return sendGenerated(request, reply, h, (out, signal) => pipeTo(fs.createReadStream(file, range), out, signal));
}
