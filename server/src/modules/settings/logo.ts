import crypto from 'node:crypto';
import fs from 'node:fs';
import { sendFile } from '../../lib/downloads';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { pictureToWebp, readLimited } from '../../lib/image-upload';
import { z } from 'zod';
import { errorResponses } from '@church/contract/http';
import { mediaParams } from '@church/contract/sermons';
import { LOGO_MAX_BYTES, settingsResponse, SETTINGS_TEXTS } from '@church/contract/settings';
import { auth, currentUser } from '../../plugins/auth';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { closeAfterRefusal } from '../sermons/upload';
import { CHANGES_HOME_PAGE } from '../../plugins/home-render';
import type { SettingsService } from './service';

/** The largest size the site shows the logo at (header and footer), doubled for sharp screens. */
const LOGO_BOX = 256;

/** The church logo: PNG, JPEG or WebP decided from its bytes, at most 2 MB, stored scaled as WebP. */
export async function settingsLogoRoutes(appBase: FastifyInstance, opts: { service: SettingsService; uploadDir: string }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const dir = path.join(opts.uploadDir, 'settings');
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/settings/logo',
    {
      preHandler: auth.permission('settings:write'),
      config: CHANGES_HOME_PAGE,
      schema: {
        tags: ['Settings'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload the church logo (multipart field "logo": PNG, JPEG or WebP, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: settingsResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the logo as multipart/form-data');
      const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1 } });
      if (!part || part.fieldname !== 'logo') throw badRequest('Choose a logo image to upload');
      const bytes = await readLimited(part.file, LOGO_MAX_BYTES, SETTINGS_TEXTS.logoTooLarge).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 413) closeAfterRefusal(request);
        throw err;
      });
      if (part.file.truncated) throw new HttpError(413, SETTINGS_TEXTS.logoTooLarge);
      const image = await pictureToWebp(bytes, LOGO_BOX, SETTINGS_TEXTS.logoInvalid);
      fs.mkdirSync(dir, { recursive: true });
      const file = `logo-${crypto.randomUUID()}.webp`;
      fs.writeFileSync(path.join(dir, file), image);
      const current = await opts.service.get();
      const { updatedAt: _updatedAt, ...rest } = current;
      let settings;
      try {
        settings = await opts.service.save({ ...rest, logoUrl: `/api/settings/logo/${file}` }, currentUser(request).id);
      } catch (err) {
        fs.rmSync(path.join(dir, file), { force: true });
        throw err;
      }
      const old = current.logoUrl.split('/').pop();
      if (old) fs.rmSync(path.join(dir, path.basename(old)), { force: true });
      return { status: 'success' as const, data: { settings } };
    },
  );

  app.get(
    '/settings/logo/:file',
    {
      schema: { tags: ['Settings'], summary: 'The church logo (no sign-in)', params: mediaParams },
    },
    async (request, reply) => {
      const { file } = request.params as z.infer<typeof mediaParams>;
      const current = await opts.service.get();
      // Only the current logo is served: replaced ones are gone, and nothing else in the folder is reachable.
      if (current.logoUrl !== `/api/settings/logo/${file}`) throw notFound('File not found');
      const full = path.join(dir, path.basename(file));
      if (!fs.existsSync(full)) throw notFound('File not found');
      return sendFile(request, reply, { type: 'image/webp', cacheControl: 'public, max-age=86400' }, full);
    },
  );
}
