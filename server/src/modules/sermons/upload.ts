import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { loadSharp } from '../../lib/heavy-modules';
import {
  SERMON_MEDIA_KINDS,
  SERMON_MEDIA_TYPES,
  SERMON_TEXTS,
  SERMON_THUMBNAIL_SIZE,
  sermonFileTooLargeText,
  sermonUploadLimitBytes,
  type SermonMediaKind,
} from '@church/contract/sermons';
import { badRequest, HttpError } from '../../lib/errors';

/** Enough of the head of a file for file-type to recognise every kind we accept. */
const HEAD_BYTES = 4100;

export interface StoredMedia {
  kind: SermonMediaKind;
  /** The stored name: a fresh UUID plus the extension of the detected type, never the uploaded name. */
  file: string;
  size: number;
  mime: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: Partial<Record<SermonMediaKind, StoredMedia>>;
  /** Removes every stored file of this upload (a later step failed). */
  discard(): void;
}

export const mediaDir = (uploadDir: string, kind: SermonMediaKind) => path.join(uploadDir, 'sermons', kind);
const tmpDir = (uploadDir: string) => path.join(uploadDir, 'sermons', '.incoming');

const isMediaKind = (name: string): name is SermonMediaKind => (SERMON_MEDIA_KINDS as readonly string[]).includes(name);

/**
 * Counts bytes as they pass and fails the moment a file passes its kind's
 * limit, so a too-large upload is refused while it streams, not after, and
 * keeps the first bytes for type detection.
 */
function limitAndSniff(kind: SermonMediaKind) {
  const limit = sermonUploadLimitBytes(kind);
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) return done(new HttpError(413, sermonFileTooLargeText(kind)));
      if (headLength < HEAD_BYTES) {
        head.push(chunk);
        headLength += chunk.length;
      }
      done(null, chunk);
    },
  });
  return { stream, size: () => size, head: () => Buffer.concat(head).subarray(0, HEAD_BYTES) };
}

/**
 * After a refusal mid-upload: the answer goes out at once, the rest of the
 * body is read and thrown away for a moment (so the client, still sending,
 * receives the answer instead of a reset), then the connection is closed
 * rather than reading an upload nobody will keep.
 */
export function closeAfterRefusal(request: FastifyRequest, graceMs = 1500) {
  const socket = request.raw.socket;
  request.raw.resume();
  // app.inject() has no connection to close (its socket is a stand-in without destroy()).
  if (typeof socket?.destroy !== 'function') return;
  const timer = setTimeout(() => socket.destroy(), graceMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Scales a thumbnail to the size the cards and player use; anything sharp cannot read is not an image we accept. */
async function storeThumbnail(source: string, target: string) {
  try {
    await (
      await loadSharp()
    )(source, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(SERMON_THUMBNAIL_SIZE.width, SERMON_THUMBNAIL_SIZE.height, { fit: 'cover' })
      .webp({ quality: 80 })
      .toFile(target);
  } catch {
    throw new HttpError(415, SERMON_TEXTS.invalidType.thumbnail);
  }
}

/**
 * Reads a sermon upload (spec 002 §7.3: text fields and the files video,
 * audio, thumbnail) straight to disk. Each file's size is limited while it
 * streams and its kind decided from its bytes; on any failure, including the
 * client going away mid-upload, every file it wrote is removed.
 */
export async function receiveSermonUpload(request: FastifyRequest, uploadDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the sermon as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Partial<Record<SermonMediaKind, StoredMedia>> = {};
  const written = new Set<string>();
  const discard = () => {
    for (const f of written) fs.rmSync(f, { force: true });
    written.clear();
  };
  fs.mkdirSync(tmpDir(uploadDir), { recursive: true });
  try {
    const parts = request.parts({
      limits: { fileSize: sermonUploadLimitBytes('video') + 1, files: 3, fields: 20, fieldSize: 25_000, parts: 24 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const kind = part.fieldname;
      if (!isMediaKind(kind)) throw badRequest(`Unexpected file field '${kind.slice(0, 40)}': use video, audio or thumbnail`);
      if (files[kind]) throw badRequest(`Send one ${kind} file only`);
      const tmp = path.join(tmpDir(uploadDir), `${crypto.randomUUID()}.part`);
      written.add(tmp);
      const tap = limitAndSniff(kind);
      await pipeline(part.file, tap.stream, fs.createWriteStream(tmp));
      // busboy's own cap (just above the largest limit) only matters if ours did not fire.
      if (part.file.truncated) throw new HttpError(413, sermonFileTooLargeText(kind));
      if (tap.size() === 0) {
        // An empty file input: the browser sends the part without content.
        fs.rmSync(tmp, { force: true });
        written.delete(tmp);
        continue;
      }
      const detected = await fileTypeFromBuffer(tap.head());
      if (!detected || !SERMON_MEDIA_TYPES[kind].includes(detected.mime)) throw new HttpError(415, SERMON_TEXTS.invalidType[kind]);
      const dir = mediaDir(uploadDir, kind);
      fs.mkdirSync(dir, { recursive: true });
      const id = crypto.randomUUID();
      if (kind === 'thumbnail') {
        const file = `${id}.webp`;
        const target = path.join(dir, file);
        written.add(target);
        await storeThumbnail(tmp, target);
        fs.rmSync(tmp, { force: true });
        written.delete(tmp);
        files.thumbnail = { kind, file, size: fs.statSync(target).size, mime: 'image/webp' };
      } else {
        const file = `${id}.${detected.ext}`;
        const target = path.join(dir, file);
        fs.renameSync(tmp, target);
        written.delete(tmp);
        written.add(target);
        files[kind] = { kind, file, size: tap.size(), mime: detected.mime };
      }
    }
  } catch (err) {
    discard();
    if (err instanceof HttpError && err.statusCode === 413) closeAfterRefusal(request);
    // A connection the client dropped has nobody left to answer; the files are gone either way.
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string; statusCode?: number }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      closeAfterRefusal(request);
      throw new HttpError(413, sermonFileTooLargeText('video'));
    }
    if (code === 'FST_FILES_LIMIT_REACHED' || code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED')
      throw badRequest('Too many parts: send the text fields and at most one video, one audio and one thumbnail');
    if (request.raw.destroyed || request.raw.readableAborted) throw new HttpError(400, 'The upload was interrupted');
    throw err;
  }
  return { fields, files, discard };
}

/** Removes stored media files by name (sermon deleted or a file replaced). */
export function removeMedia(uploadDir: string, media: Partial<Record<SermonMediaKind, string | null>>) {
  for (const kind of SERMON_MEDIA_KINDS) {
    const file = media[kind];
    if (file) fs.rmSync(path.join(mediaDir(uploadDir, kind), path.basename(file)), { force: true });
  }
}
