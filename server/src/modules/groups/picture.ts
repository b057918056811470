import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { GROUP_PICTURE_MAX_BYTES, GROUP_TEXTS, groupPictureParams, groupResponse } from '@church/contract/groups';
import { errorResponses, idParams } from '@church/contract/http';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { pictureToWebp, readLimited } from '../../lib/image-upload';
import { auth, currentUser } from '../../plugins/auth';
import { closeAfterRefusal } from '../sermons/upload';
import type { GroupsService } from './service';

/** Cards show the picture at most 400 px wide; doubled for sharp screens. */
const PICTURE_BOX = 800;

/** A group's picture: the logo's rules (type from the bytes, 2 MB, re-encoded as WebP), set by the group's leaders. */
export async function groupPictureRoutes(appBase: FastifyInstance, opts: { service: GroupsService; uploadDir: string }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const dir = path.join(opts.uploadDir, 'groups');
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/groups/:id/picture',
    {
      preHandler: auth.required,
      schema: {
        tags: ['Groups'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload the group’s picture (multipart field "picture": PNG, JPEG or WebP, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: groupResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Who may change it is decided before a byte of the upload is read.
      await opts.service.runBy(user, request.params.id);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data');
      const part = await request.file({ limits: { fileSize: GROUP_PICTURE_MAX_BYTES + 1, files: 1 } });
      if (!part || part.fieldname !== 'picture') throw badRequest('Choose a picture to upload');
      const bytes = await readLimited(part.file, GROUP_PICTURE_MAX_BYTES, GROUP_TEXTS.pictureTooLarge).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 413) closeAfterRefusal(request);
        throw err;
      });
      if (part.file.truncated) throw new HttpError(413, GROUP_TEXTS.pictureTooLarge);
      const image = await pictureToWebp(bytes, PICTURE_BOX, GROUP_TEXTS.pictureInvalid);
      fs.mkdirSync(dir, { recursive: true });
      const file = `group-${crypto.randomUUID()}.webp`;
      fs.writeFileSync(path.join(dir, file), image);
      let old: string | null;
      try {
        old = await opts.service.setPicture(request.params.id, file);
      } catch (err) {
        fs.rmSync(path.join(dir, file), { force: true });
        throw err;
      }
      if (old) fs.rmSync(path.join(dir, path.basename(old)), { force: true });
      return {
        status: 'success' as const,
        message: GROUP_TEXTS.pictureSaved,
        data: { group: await opts.service.detail(user, request.params.id) },
      };
    },
  );

  app.get(
    '/groups/pictures/:file',
    {
      schema: {
        tags: ['Groups'],
        summary: 'A group’s picture (its unguessable name is the key; no personal data)',
        params: groupPictureParams,
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      // Only a current picture of a live group is served: replaced ones are gone.
      if (!(await opts.service.pictureOf(file))) throw notFound('File not found');
      const full = path.join(dir, path.basename(file));
      if (!fs.existsSync(full)) throw notFound('File not found');
      return reply.type('image/webp').header('cache-control', 'private, max-age=86400').send(fs.createReadStream(full));
    },
  );
}
