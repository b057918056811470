import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { errorResponses } from '@church/contract/http';
import type { ChurchSettings } from '@church/contract/settings';
import {
  HERO_WIDTHS,
  PHOTO_WIDTHS,
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGE_TEXTS,
  siteImageResponse,
  siteImageUploadQuery,
} from '@church/contract/site-content';
import { loadSharp } from '../../lib/heavy-modules';
import { PICTURE_TYPES, readLimited } from '../../lib/image-upload';
import { auth } from '../../plugins/auth';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { closeAfterRefusal } from '../sermons/upload';

const KINDS = { slide: HERO_WIDTHS, photo: PHOTO_WIDTHS } as const;

const fileParams = z.object({
  file: z
    .string()
    .max(60)
    .regex(/^[0-9a-f-]{36}-\d{3,4}\.webp$/, 'File not found'),
});

/** Pictures the settings no longer mention, a day after upload (an editor's unsaved upload has a day to be saved). */
export function removeUnusedImages(dir: string, settings: ChurchSettings, olderThanMs = 86_400_000) {
  if (!fs.existsSync(dir)) return;
  const used = new Set(
    [...settings.heroSlides.map((s) => s.image), ...settings.founders.map((f) => f.photoUrl)].map((u) => u.split('/').pop()),
  );
  const now = Date.now();
  for (const name of fs.readdirSync(dir)) {
    const id = name.slice(0, 36);
    if (used.has(id)) continue;
    const full = path.join(dir, name);
    if (now - fs.statSync(full).mtimeMs > olderThanMs) fs.rmSync(full, { force: true });
  }
}

/**
 * Pictures of the public site (hero slides, founders' photos): PNG, JPEG or
 * WebP decided from the bytes, at most 8 MB, turned upright and stored as WebP
 * at the widths the pages ask for. The settings document refers to them by
 * address; saving the settings is what puts one on the site.
 */
export const siteImageDir = (uploadDir: string) => path.join(uploadDir, 'site');

export async function siteImageRoutes(appBase: FastifyInstance, opts: { uploadDir: string }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const dir = siteImageDir(opts.uploadDir);
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/settings/images',
    {
      preHandler: auth.permission('settings:write'),
      schema: {
        tags: ['Settings'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload a picture for the public site (multipart field "image": PNG, JPEG or WebP, at most 8 MB)',
        consumes: ['multipart/form-data'],
        querystring: siteImageUploadQuery,
        response: { 201: siteImageResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data');
      const part = await request.file({ limits: { fileSize: SITE_IMAGE_MAX_BYTES + 1, files: 1 } });
      if (!part || part.fieldname !== 'image') throw badRequest('Choose a picture to upload');
      const bytes = await readLimited(part.file, SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TEXTS.tooLarge).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 413) closeAfterRefusal(request);
        throw err;
      });
      if (part.file.truncated) throw new HttpError(413, SITE_IMAGE_TEXTS.tooLarge);
      const type = await fileTypeFromBuffer(bytes.subarray(0, 4100));
      if (!type || !PICTURE_TYPES.includes(type.mime)) throw new HttpError(415, SITE_IMAGE_TEXTS.invalid);
      const widths = KINDS[request.query.kind];
      const id = crypto.randomUUID();
      let images: Buffer[];
      try {
        const sharp = await loadSharp();
        // rotate(): a phone's photo is stored sideways with an orientation tag; the stored picture is upright.
        images = await Promise.all(
          widths.map((w) =>
            sharp(bytes, { limitInputPixels: 60_000_000 })
              .rotate()
              .resize({ width: w, withoutEnlargement: true })
              .webp({ quality: 80 })
              .toBuffer(),
          ),
        );
      } catch {
        throw new HttpError(415, SITE_IMAGE_TEXTS.invalid);
      }
      fs.mkdirSync(dir, { recursive: true });
      try {
        widths.forEach((w, i) => fs.writeFileSync(path.join(dir, `${id}-${w}.webp`), images[i]!));
      } catch (err) {
        for (const w of widths) fs.rmSync(path.join(dir, `${id}-${w}.webp`), { force: true });
        throw err;
      }
      return reply.code(201).send({ status: 'success' as const, data: { url: `/api/settings/images/${id}` } });
    },
  );

  app.get(
    '/settings/images/:file',
    { schema: { tags: ['Settings'], summary: 'A picture of the public site (no sign-in)', params: fileParams } },
    async (request, reply) => {
      const full = path.join(dir, path.basename(request.params.file));
      if (!fs.existsSync(full)) throw notFound('File not found');
      // The address names one upload's bytes for ever (a new picture gets a new id): browsers may keep it.
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(fs.createReadStream(full));
    },
  );
}
