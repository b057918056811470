import fs from 'node:fs';
import { sendFile } from '../../lib/downloads';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors';

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** Parses a single "bytes=a-b" range; multi-range requests get the whole file (allowed by RFC 9110). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(',') ? null : 'invalid';
  const [, a, b] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    // Suffix range: the last N bytes.
    const n = Number(b);
    if (n === 0) return 'invalid';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/**
 * Streams a stored file with HTTP Range support, so players can seek and
 * resume without downloading the whole sermon.
 */
export async function sendMedia(request: FastifyRequest, reply: FastifyReply, dir: string, file: string, download: boolean) {
  const full = path.join(dir, file);
  // The file name is validated by the route schema; this guards against anything slipping through.
  if (path.dirname(full) !== path.resolve(dir)) throw notFound('File not found');
  const stat = await fs.promises.stat(full).catch(() => null);
  if (!stat?.isFile()) throw notFound('File not found');
  const size = stat.size;
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  reply.header('accept-ranges', 'bytes').header('content-type', type).header('cache-control', 'public, max-age=3600');
  reply.header('last-modified', stat.mtime.toUTCString());
  if (download) reply.header('content-disposition', `attachment; filename="${file}"`);
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    throw new HttpError(416, 'The requested range is not available', { 'content-range': `bytes */${size}` });
  }
  if (!range) {
    reply.header('content-length', String(size));
    return request.method === 'HEAD' ? reply.code(200).send('') : sendFile(request, reply.code(200), { type }, full);
  }
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', String(range.end - range.start + 1));
  return request.method === 'HEAD' ? reply.code(206).send('') : sendFile(request, reply.code(206), { type }, full, range);
}
