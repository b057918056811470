import crypto from 'node:crypto';
import fs from 'node:fs';
import { sendFile } from '../../lib/downloads';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { idParams, errorResponses } from '@church/contract/http';
import { messageResponse } from '@church/contract/chat/api';
import { CHAT_ERRORS, CHAT_TEXTS } from '@church/contract/chat/constants';
import { fileTooLargeText, nameContradictsType, safeFileName, sniffFileType } from '@church/contract/chat/files';
import { normaliseMessageText } from '@church/contract/chat/messages';
import { auth, currentUser } from '../../plugins/auth';
import { badRequest, forbidden, HttpError } from '../../lib/errors';
import type { ChatService } from './service';
import { closeAfterRefusal } from '../sermons/upload';

const HEAD_BYTES = 4096;
const BROKEN_UPLOAD = 'The upload was cut off or is not valid multipart/form-data. Please choose the file and try again.';

/**
 * A malformed or truncated multipart body surfaces as a parser error from
 * busboy (no code, or a multipart FST_ code): the request is wrong, so 400.
 * Our own refusals and the disk's errors (ENOSPC …) keep their meaning.
 */
function asUploadError(err: unknown): never {
  if (err instanceof HttpError) throw err;
  const e = err as { code?: unknown; statusCode?: unknown };
  if (typeof e.statusCode === 'number' && e.statusCode < 500) throw err;
  if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) throw err;
  throw badRequest(BROKEN_UPLOAD);
}
const errors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/**
 * Chat files: the type is decided by the first bytes, never the name or the
 * browser's claim; the size limit is the room's, enforced while streaming.
 */
export async function chatFileRoutes(appBase: FastifyInstance, opts: { service: ChatService; uploadDir: string }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const dir = path.join(opts.uploadDir, 'chat');
  const tags = ['Chat'];
  const security = [{ bearerAuth: [] }];
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/chat/rooms/:id/files',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Share a file (multipart field "file", optional "caption"): jpeg, png, gif, pdf, text, doc, docx',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const settings = await opts.service.uploadTarget(user, request.params.id);
      if (!settings.allowFiles) throw forbidden(CHAT_ERRORS.filesNotAllowed);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      // One byte over the limit reaches our own count below, which refuses at once (busboy alone would
      // truncate quietly and keep reading to the end of an endless part).
      const part = await request.file({ limits: { fileSize: settings.maxFileSize + 1, files: 1 } }).catch(asUploadError);
      if (!part) throw badRequest('Choose a file to upload');

      fs.mkdirSync(dir, { recursive: true });
      const storageKey = `${crypto.randomUUID()}`;
      const target = path.join(dir, storageKey);
      const chunks: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > settings.maxFileSize) return done(new HttpError(413, fileTooLargeText(settings.maxFileSize)));
          if (headLength < HEAD_BYTES) {
            chunks.push(chunk);
            headLength += chunk.length;
          }
          done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, tap, fs.createWriteStream(target)).catch(asUploadError);
        if (part.file.truncated) throw new HttpError(413, fileTooLargeText(settings.maxFileSize));
        const mimeType = sniffFileType(new Uint8Array(Buffer.concat(chunks).subarray(0, HEAD_BYTES)));
        if (!mimeType || nameContradictsType(part.filename, mimeType)) throw new HttpError(415, CHAT_TEXTS.fileTypeNotAllowed);
        if (mimeType.startsWith('image/') && !settings.allowImages) throw forbidden(CHAT_ERRORS.imagesNotAllowed);
        const fields = part.fields as Record<string, { value?: unknown } | undefined>;
        const caption = typeof fields.caption?.value === 'string' ? normaliseMessageText(fields.caption.value).slice(0, 500) : '';
        const { message } = await opts.service.sendFile(
          user,
          request.params.id,
          { storageKey, name: safeFileName(part.filename), size, mimeType },
          caption,
        );
        return reply.code(201).send({ status: 'success' as const, data: { message } });
      } catch (err) {
        fs.rmSync(target, { force: true });
        // Refused for its size: answer now and stop reading the rest of the stream.
        if (err instanceof HttpError && err.statusCode === 413) closeAfterRefusal(request);
        throw err;
      }
    },
  );

  app.get(
    '/chat/files/:id',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Download the file of a message (members of its room)', params: idParams },
    },
    async (request, reply) => {
      const file = await opts.service.fileOf(currentUser(request), request.params.id);
      const full = path.join(dir, path.basename(file.storageKey));
      if (!fs.existsSync(full)) throw new HttpError(404, 'That file is no longer available');
      const inline = file.mimeType.startsWith('image/') || file.mimeType === 'application/pdf';
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return sendFile(request, reply, { type: file.mimeType, length: fs.statSync(full).size }, full);
    },
  );
}
