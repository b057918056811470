import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { fileTooLargeText, nameContradictsType, safeFileName, sniffFileType } from '@church/contract/chat/files';
import { can } from '@church/contract/roles';
import { HOLDING_STATUSES, SERVICE_LIMITS, serviceResponse } from '@church/contract/services';
import { scheduleAssignments, serviceAttachments } from '../../db/schema/index';
import { auth, currentUser } from '../../plugins/auth';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { closeAfterRefusal } from '../sermons/upload';
import type { ServicesDeps } from './deps';
import type { PlansService } from './plans-service';

const BROKEN = 'The upload was cut off or is not valid multipart/form-data. Please choose the file and try again.';
const HEAD_BYTES = 4096;
const errors = errorResponses(400, 401, 403, 404, 413, 415);
const fileParams = z.object({ id: z.string().uuid('That id is not valid'), fileId: z.string().uuid('That file id is not valid') });

function asUploadError(err: unknown): never {
  if (err instanceof HttpError) throw err;
  const e = err as { code?: unknown; statusCode?: unknown };
  if (typeof e.statusCode === 'number' && e.statusCode < 500) throw err;
  if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) throw err;
  throw badRequest(BROKEN);
}

/** Attachments of a plan (chord charts, readings): streamed to disk, typed by their first bytes, never by the name. */
export async function attachmentsRoutes(appBase: FastifyInstance, { plans, deps }: { plans: PlansService; deps: ServicesDeps }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const dir = path.join(deps.uploadDir, 'services');
  const tags = ['Services'];
  const security = [{ bearerAuth: [] }];
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/services/:id/attachments',
    {
      preHandler: auth.permission('services:manage'),
      schema: {
        tags,
        security,
        summary: 'Attach a file to a plan (multipart "file": pdf, image, text, doc, docx; ≤ 20 MB)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: serviceResponse, ...errors },
      },
    },
    async (request, reply) => {
      const serviceId = request.params.id;
      await plans.row(serviceId);
      const [have] = await deps.db.select({ n: count() }).from(serviceAttachments).where(eq(serviceAttachments.serviceId, serviceId));
      if ((have?.n ?? 0) >= SERVICE_LIMITS.attachmentsMax) throw badRequest(`A plan holds at most ${SERVICE_LIMITS.attachmentsMax} files`);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      const max = SERVICE_LIMITS.attachmentMaxBytes;
      const part = await request.file({ limits: { fileSize: max + 1, files: 1 } }).catch(asUploadError);
      if (!part) throw badRequest('Choose a file to upload');
      fs.mkdirSync(dir, { recursive: true });
      const storageKey = crypto.randomUUID();
      const target = path.join(dir, storageKey);
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > max) return done(new HttpError(413, fileTooLargeText(max)));
          if (headLength < HEAD_BYTES) {
            head.push(chunk);
            headLength += chunk.length;
          }
          done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, tap, fs.createWriteStream(target)).catch(asUploadError);
        if (part.file.truncated) throw new HttpError(413, fileTooLargeText(max));
        const type = sniffFileType(new Uint8Array(Buffer.concat(head).subarray(0, HEAD_BYTES)));
        if (!type || nameContradictsType(part.filename, type)) throw new HttpError(415, 'Attach a PDF, an image, a text or a Word file');
        await deps.db
          .insert(serviceAttachments)
          .values({ serviceId, fileName: safeFileName(part.filename), contentType: type, size, storageKey });
        return reply.code(201).send({ status: 'success', message: 'File attached', data: { service: await plans.detail(serviceId) } });
      } catch (err) {
        fs.rmSync(target, { force: true });
        if (err instanceof HttpError && err.statusCode === 413) closeAfterRefusal(request);
        throw err;
      }
    },
  );

  // Planners, and the people serving in that service (the band reads its chord charts).
  app.get(
    '/services/:id/attachments/:fileId',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Download an attachment (planners and those serving)', params: fileParams },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, fileId } = request.params;
      if (!can(user, 'services:manage')) {
        const serving = await deps.db
          .select({ id: scheduleAssignments.id })
          .from(scheduleAssignments)
          .where(
            and(
              eq(scheduleAssignments.serviceId, id),
              eq(scheduleAssignments.userId, user.id),
              inArray(scheduleAssignments.status, [...HOLDING_STATUSES]),
            ),
          )
          .limit(1);
        if (!serving.length) throw forbidden();
      }
      const [file] = await deps.db
        .select()
        .from(serviceAttachments)
        .where(and(eq(serviceAttachments.id, fileId), eq(serviceAttachments.serviceId, id)));
      const full = file ? path.join(dir, path.basename(file.storageKey)) : '';
      if (!file || !fs.existsSync(full)) throw notFound('That file is no longer available');
      const inline = file.contentType.startsWith('image/') || file.contentType === 'application/pdf';
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(fs.statSync(full).size))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(fs.createReadStream(full));
    },
  );

  app.delete(
    '/services/:id/attachments/:fileId',
    {
      preHandler: auth.permission('services:manage'),
      schema: { tags, security, summary: 'Remove an attachment', params: fileParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      const [gone] = await deps.db
        .delete(serviceAttachments)
        .where(and(eq(serviceAttachments.id, request.params.fileId), eq(serviceAttachments.serviceId, request.params.id)))
        .returning();
      if (!gone) throw notFound('That file is no longer available');
      fs.rmSync(path.join(dir, path.basename(gone.storageKey)), { force: true });
      return { status: 'success' as const, message: 'File removed' };
    },
  );
}
