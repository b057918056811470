import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorResponse } from '@church/contract/http';
import type { Database } from '../../../db/client';
import { auth } from '../../../plugins/auth';
import { writeBackup } from './write-backup';

/** Where the running server leaves its address and a one-run secret for `npm run backup` on the same machine. */
export const localAccessFile = (dataDir: string) => path.join(dataDir, 'ops-access.json');
export const OPS_TOKEN_HEADER = 'x-ops-token';

export interface BackupRoutesOptions {
  database: Database;
  uploadDir: string;
  dataDir: string;
}

const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

/**
 * GET /api/ops/backup streams a whole backup. The embedded database admits
 * one process, so while the server runs `npm run backup` comes here: it reads
 * the token this server wrote (readable by the server's own user only) into
 * DATA_DIR. Administrators may download one with their own session too.
 */
export async function backupRoutes(app: FastifyInstance, opts: BackupRoutesOptions) {
  const token = crypto.randomBytes(32).toString('base64url');
  const file = localAccessFile(opts.dataDir);
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    fs.mkdirSync(opts.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ port: address.port, token, pid: process.pid }), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    fs.rmSync(file, { force: true });
  });

  const adminGuard = auth.permission('ops:backup');
  async function guard(request: FastifyRequest, reply: Parameters<typeof adminGuard>[1]) {
    const sent = request.headers[OPS_TOKEN_HEADER];
    if (typeof sent === 'string' && sameSecret(sent, token)) return;
    await adminGuard.call(app, request, reply);
  }

  app.get(
    '/ops/backup',
    {
      preHandler: guard,
      schema: {
        tags: ['Administration'],
        summary: 'Download a backup of the whole church: database and uploaded media in one file',
        security: [{ bearerAuth: [] }],
        response: { 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      writeBackup(opts.database, opts.uploadDir, out).then(
        (s) => request.log.info({ tables: s.tables.length, mediaFiles: s.mediaFiles, mediaBytes: s.mediaBytes }, 'backup sent'),
        (err) => {
          // The download stops short; the file lacks its checksums and every restore refuses it.
          request.log.error({ err }, 'backup failed part way');
          out.destroy(err as Error);
        },
      );
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      return reply
        .header('content-type', 'application/x-tar')
        .header('content-disposition', `attachment; filename="church-backup-${stamp}.tar"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
}
