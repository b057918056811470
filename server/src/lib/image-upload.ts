import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from './errors';
import { loadSharp } from './heavy-modules';

/** The kinds of picture people upload (logo, group picture): decided from the bytes, never the file name. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Reads an upload of at most `max` bytes into memory (413 with `tooLarge` past it): sharp needs the whole image anyway. */
export async function readLimited(stream: NodeJS.ReadableStream, max: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) return done(new HttpError(413, tooLarge));
      chunks.push(chunk);
      done();
    },
  });
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    limiter.on('error', reject);
    limiter.on('finish', resolve);
    stream.pipe(limiter);
  });
  return Buffer.concat(chunks);
}

/**
 * A PNG, JPEG or WebP picture (by its bytes) scaled to fit `box` × `box` and stored as WebP;
 * anything else, or an image sharp cannot decode, is 415 with `invalid`.
 */
export async function pictureToWebp(bytes: Buffer, box: number, invalid: string): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  if (!type || !PICTURE_TYPES.includes(type.mime)) throw new HttpError(415, invalid);
  try {
    return await (
      await loadSharp()
    )(bytes, { limitInputPixels: 40_000_000 })
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new HttpError(415, invalid);
  }
}
