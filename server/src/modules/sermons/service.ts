import crypto from 'node:crypto';
import { sermonFieldsSchema, SERMON_TEXTS, updateSermonRequest } from '@church/contract/sermons';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import type { SermonsManageRepository } from './manage-repository';
import { removeMedia, type ReceivedUpload } from './upload';

/** 'YYYY-MM-DD' (or an ISO time) → the moment stored; today when empty. */
function preachedOn(date: string | undefined): Date {
  if (!date) return new Date();
  return date.length === 10 ? new Date(`${date}T10:00:00Z`) : new Date(date);
}

/** The first problem in a form, as the sentence the page shows. */
function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? 'Please check the form data and try again';
}

export function createSermonsService({ repo, uploadDir, hashKey }: { repo: SermonsManageRepository; uploadDir: string; hashKey: Buffer }) {
  let trimmedDay = '';
  return {
    /** Spec 001 §5 order: title, speaker, then at least one of video or audio. Files already stored are removed on any failure. */
    async create(upload: ReceivedUpload, userId: string) {
      try {
        const parsed = sermonFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) throw badRequest(firstIssue(parsed.error));
        if (!upload.files.video && !upload.files.audio) throw badRequest(SERMON_TEXTS.mediaRequired);
        const f = parsed.data;
        try {
          return await repo.create(
            {
              title: f.title,
              speaker: f.speaker,
              preachedOn: preachedOn(f.date),
              description: f.description,
              series: f.series || null,
              published: f.published,
              durationSeconds: f.durationSeconds ?? null,
              videoFile: upload.files.video?.file ?? null,
              audioFile: upload.files.audio?.file ?? null,
              thumbnailFile: upload.files.thumbnail?.file ?? null,
              createdBy: userId,
            },
            f.preparationId ? { id: f.preparationId, pastorId: userId } : undefined,
          );
        } catch (err) {
          if ((err as { preparationMissing?: boolean }).preparationMissing) throw notFound('Those preparation notes were not found');
          throw err;
        }
      } catch (err) {
        upload.discard();
        throw err;
      }
    },
    async update(id: string, body: z.output<typeof updateSermonRequest>) {
      const row = await repo.update(id, {
        title: body.title,
        speaker: body.speaker,
        ...(body.date ? { preachedOn: preachedOn(body.date) } : {}),
        description: body.description,
        series: body.series || null,
        published: body.published,
      });
      if (!row) throw notFound('Sermon not found');
      return row;
    },
    async setPublished(id: string, published: boolean) {
      const row = await repo.update(id, { published });
      if (!row) throw notFound('Sermon not found');
      return row;
    },
    /**
     * Replaces some of a sermon's media (any of video, audio, thumbnail) from an upload; the files it
     * replaced are removed only after the row points at the new ones, and the new ones on any failure.
     */
    async replaceMedia(id: string, upload: ReceivedUpload) {
      let replaced;
      try {
        const { video, audio, thumbnail } = upload.files;
        if (!video && !audio && !thumbnail) throw badRequest(SERMON_TEXTS.replaceNothing);
        const duration = upload.fields.durationSeconds ? Number(upload.fields.durationSeconds) : undefined;
        if (duration !== undefined && !(Number.isInteger(duration) && duration >= 0 && duration <= 86_400))
          throw badRequest('durationSeconds must be a whole number of seconds up to a day');
        replaced = await repo.replaceMedia(id, {
          ...(video ? { videoFile: video.file } : {}),
          ...(audio ? { audioFile: audio.file } : {}),
          ...(thumbnail ? { thumbnailFile: thumbnail.file } : {}),
          // A new video or audio has its own length: the old one no longer describes it.
          ...(video || audio ? { durationSeconds: duration ?? null } : {}),
        });
        if (!replaced) throw notFound('Sermon not found');
      } catch (err) {
        upload.discard();
        throw err;
      }
      const { before } = replaced;
      removeMedia(uploadDir, {
        video: upload.files.video ? before.videoFile : null,
        audio: upload.files.audio ? before.audioFile : null,
        thumbnail: upload.files.thumbnail ? before.thumbnailFile : null,
      });
      return replaced.after;
    },
    /** The row goes first (so nobody is served a half-deleted sermon), then its files. */
    async remove(id: string) {
      const row = await repo.remove(id);
      if (!row) throw notFound('Sermon not found');
      removeMedia(uploadDir, { video: row.videoFile, audio: row.audioFile, thumbnail: row.thumbnailFile });
      return row;
    },
    /**
     * A view counts once per visitor per day. The visitor is an HMAC of
     * address and browser under a key derived for that day: nothing stored
     * identifies a person, and days cannot be linked.
     */
    async view(id: string, ip: string, userAgent: string, now = new Date()) {
      const day = now.toISOString().slice(0, 10);
      const dayKey = crypto.createHmac('sha256', hashKey).update(`sermon-views:${day}`).digest();
      const visitor = crypto.createHmac('sha256', dayKey).update(`${ip}\n${userAgent}`).digest('base64url');
      const row = await repo.viewOnce(id, visitor, day);
      if (!row) throw notFound('Sermon not found');
      // Hashes of earlier days serve no purpose: the first view of a day removes them.
      if (trimmedDay !== day) {
        trimmedDay = day;
        await repo.forgetViewsBefore(day);
      }
      return row;
    },
  };
}
export type SermonsService = ReturnType<typeof createSermonsService>;
