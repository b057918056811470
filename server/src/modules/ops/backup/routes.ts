import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@church/contract/http';
import type { Database } from '../../../db/client';
import { auth } from '../../../plugins/auth';
import { sendGenerated } from '../../../lib/downloads';
import { writeBackup } from './write-backup';

/** Where the running server leaves its address and a one-run secret for `npm run backup` on the same machine. */
export const localAccessFile = (dataDir: string) => path.join(dataDir, 'ops-access.json');
export const OPS_TOKEN_HEADER = 'x-ops-token';

export interface BackupRoutesOptions {
  database: Database;
  uploadDir: string;
  dataDir: string;
}

/** What `npm run backup` finds in the access file (uploadDir: where it reads the media itself). */
export interface LocalAccess {
  port: number;
  token: string;
  pid: number;
  uploadDir: string;
}

/**
 * media=local: rows only, for `npm run backup` on this machine, which reads the upload folder itself
 * (local-media.ts). Only with the local token: such a file alone would restore an empty media folder.
 */
const backupQuery = z.object({ media: z.enum(['include', 'local']).default('include') });

const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

/**
 * GET /api/ops/backup streams a whole backup. The embedded database admits
 * one process, so while the server runs `npm run backup` comes here: it reads
 * the token this server wrote (readable by the server's own user only) into
 * DATA_DIR. The superadmin may download one with their own session too (only
 * they: a backup holds every password hash, see 'ops:backup' in roles.ts).
 */
export async function backupRoutes(appBase: FastifyInstance, opts: BackupRoutesOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const token = crypto.randomBytes(32).toString('base64url');
  const file = localAccessFile(opts.dataDir);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const access: LocalAccess = { port: address.port, token, pid: process.pid, uploadDir: path.resolve(opts.uploadDir) };
    fs.writeFileSync(file, JSON.stringify(access), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    fs.rmSync(file, { force: true });
  });

  const superadminGuard = auth.permission('ops:backup');
  const local = new WeakSet<FastifyRequest>();
  async function guard(request: FastifyRequest, reply: Parameters<typeof superadminGuard>[1]) {
    const sent = request.headers[OPS_TOKEN_HEADER];
    if (typeof sent === 'string' && sameSecret(sent, token)) {
      local.add(request);
      return;
    }
    await superadminGuard.call(app, request, reply);
  }

  app.get(
    '/ops/backup',
    {
      preHandler: guard,
      schema: {
        tags: ['Administration'],
        summary: 'Download a backup of the whole church: database and uploaded media in one file',
        security: [{ bearerAuth: [] }],
        querystring: backupQuery,
        response: { 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const mediaHere = request.query.media === 'include';
      if (!mediaHere && !local.has(request))
        return reply.code(403).send({ status: 'error', message: 'Only npm run backup on this machine may leave the media out.' });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // A backup cut short lacks its checksums, and every restore refuses it.
      return sendGenerated(
        request,
        reply,
        { type: 'application/x-tar', fileName: `church-backup-${stamp}.tar`, cacheControl: 'no-store' },
        async (out, signal) => {
          const s = await writeBackup(opts.database, mediaHere ? opts.uploadDir : null, out, signal);
          request.log.info({ tables: s.tables.length, mediaFiles: s.mediaFiles, mediaBytes: s.mediaBytes }, 'backup sent');
        },
      );
    },
  );
}
