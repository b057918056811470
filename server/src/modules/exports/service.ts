import crypto from 'node:crypto';
import type { SessionUser } from '../../plugins/auth';
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BREAKDOWNS,
  EXPORT_LINK_HOURS,
  EXPORT_TEXTS,
  EXPORT_TYPE_LABELS,
  FINANCE_EXPORT_TYPES,
  FORMAT_EXTENSIONS,
  type Breakdown,
  type ExportOptions,
  type ExportType,
} from '@church/contract/exports';
import { can } from '@church/contract/roles';
import type { Db } from '../../db/client';
import { exportFiles, users, type ExportFileRow, type UserRow } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { nextHour, stableJobId } from '../../jobs/recurring';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { memoryBudget } from '../../lib/memory-budget';
import { resolvePeriod } from './period';
import { writeLabelsPdf, writePdf } from './pdf';
import { reportSource } from './sources';
import { writeCsv, writeExcel, writeJson, type WriteInput } from './writers';

export const BUILD_JOB = 'exports.build';
export const CLEANUP_JOB = 'exports.cleanup';
/** How much an export may grow the server before its garbage is collected (issue 13: ≤ 50 MB growth, with room for the page in hand). */
const EXPORT_MEMORY_BUDGET_BYTES = 24 * 1024 * 1024;

export interface ExportsDeps {
  db: Db;
  jobs: JobQueue;
  /** Files go to DATA_DIR/exports. */
  dataDir: string;
  hashKey: Buffer;
  churchName: () => Promise<string>;
  timeZone: () => Promise<string>;
}

/** Finance reports need a finance permission besides reports:export (spec: finance reports for finance roles only). */
export function mayExport(user: Pick<UserRow, 'role' | 'permissions'>, type: ExportType): boolean {
  if (!can(user, 'reports:export')) return false;
  return !FINANCE_EXPORT_TYPES.includes(type) || can(user, 'finance:read') || can(user, 'finance:manage');
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .slice(0, 60) || 'church';

/**
 * Exports: a leader asks for a report; a row in export_files and an
 * `exports.build` job (same id) are written; the job streams the file to
 * DATA_DIR/exports, reporting progress as it goes; the requester downloads it
 * through a signed link until it expires, and `exports.cleanup` removes
 * expired files.
 */
export function createExportsService(deps: ExportsDeps) {
  const { db, jobs } = deps;
  const dir = path.join(deps.dataDir, 'exports');
  const fileOf = (row: Pick<ExportFileRow, 'storedName'>) => path.join(dir, row.storedName!);

  const buildJob = jobs.define(
    BUILD_JOB,
    z.object({ exportId: z.uuid() }),
    async ({ exportId }, job) => {
      try {
        return await build(exportId);
      } catch (err) {
        if (job.lastAttempt) {
          await db
            .update(exportFiles)
            .set({ status: 'failed', error: String((err as Error).message).slice(0, 500), completedAt: new Date() })
            .where(eq(exportFiles.id, exportId));
        }
        throw err;
      }
    },
    { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 30 * 60 },
  );

  const cleanupJob = jobs.define(CLEANUP_JOB, z.object({ hour: z.string().optional() }), async () => {
    const removed = await removeExpired();
    await scheduleCleanup();
    return { removed };
  });

  async function build(exportId: string) {
    const [row] = await db
      .update(exportFiles)
      .set({ status: 'running', progress: 0, error: null })
      .where(and(eq(exportFiles.id, exportId), sql`${exportFiles.status} in ('queued', 'running')`))
      .returning();
    if (!row) return { skipped: true };
    const options = row.options as ExportOptions;
    const type = row.reportType as ExportType;
    const [who] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.requestedBy));
    const [churchName, timeZone] = await Promise.all([deps.churchName(), deps.timeZone()]);
    const period = resolvePeriod(options.dateRange, timeZone, row.createdAt, options);
    const source = reportSource(type, { db, period, timeZone });
    const breakdownBy = source.breakdown ? ((options.breakdownBy ?? BREAKDOWNS[type][0]) as Breakdown) : null;
    const meta: WriteInput['meta'] = {
      churchName,
      reportType: type,
      reportName: EXPORT_TYPE_LABELS[type],
      periodLabel: period.label,
      startDay: period.startDay,
      endDay: period.endDay,
      generatedAt: new Date(),
      generatedBy: who?.name ?? 'a leader',
      timeZone,
      includeDetails: options.includeDetails || type === 'directory',
      breakdownBy,
    };
    const total = meta.includeDetails ? await source.count() : 0;
    let lastPercent = 0;
    // Streamed, so the file never sits in memory; this keeps the garbage of its pages from piling up either.
    const memory = memoryBudget(EXPORT_MEMORY_BUDGET_BYTES);
    const onRows = async (written: number) => {
      memory.check();
      // Progress in steps of 5% or more: one small UPDATE, not one per page.
      const percent = total ? Math.min(99, Math.floor((written / total) * 100)) : 99;
      if (percent - lastPercent < 5) return;
      lastPercent = percent;
      await db.update(exportFiles).set({ progress: percent }).where(eq(exportFiles.id, exportId));
    };
    const ext = FORMAT_EXTENSIONS[row.format as keyof typeof FORMAT_EXTENSIONS];
    const fileName = `${slug(churchName)}-${slug(meta.reportName)}-${period.startDay}-to-${period.endDay}.${ext}`;
    const storedName = `${exportId}.${ext}`;
    fs.mkdirSync(dir, { recursive: true });
    const partial = path.join(dir, `${storedName}.partial`);
    try {
      const out = fs.createWriteStream(partial);
      const input: WriteInput = { meta, source, out, onRows };
      const writer =
        type === 'labels' ? writeLabelsPdf : { pdf: writePdf, excel: writeExcel, csv: writeCsv, json: writeJson }[row.format as 'pdf'];
      const rowCount = await writer(input);
      fs.renameSync(partial, path.join(dir, storedName));
      const sizeBytes = fs.statSync(path.join(dir, storedName)).size;
      await db
        .update(exportFiles)
        .set({
          status: 'ready',
          progress: 100,
          rowCount,
          fileName,
          storedName,
          sizeBytes,
          completedAt: new Date(),
          expiresAt: new Date(Date.now() + EXPORT_LINK_HOURS * 3600_000),
        })
        .where(eq(exportFiles.id, exportId));
      return { rowCount, sizeBytes };
    } finally {
      fs.rmSync(partial, { force: true });
    }
  }

  /** Deletes the files whose links expired (and what a crash left half-written), marking their rows expired. */
  async function removeExpired(now = new Date()) {
    const gone = await db
      .update(exportFiles)
      .set({ status: 'expired' })
      .where(and(eq(exportFiles.status, 'ready'), lt(exportFiles.expiresAt, now)))
      .returning({ storedName: exportFiles.storedName });
    for (const g of gone) if (g.storedName) fs.rmSync(path.join(dir, g.storedName), { force: true });
    return gone.length;
  }

  /** One clean-up per hour, queued once however many instances ask (the hour is the job's id). */
  async function scheduleCleanup(now = new Date()) {
    const next = nextHour(now);
    const hour = next.toISOString().slice(0, 13);
    await cleanupJob.send({ hour }, { startAfter: next, id: stableJobId('exports-cleanup', hour) });
    return next;
  }

  /** The download link's signature: it names one file and its expiry, so it cannot be stretched or moved. */
  const sign = (id: string, expiresAt: Date) =>
    crypto.createHmac('sha256', deps.hashKey).update(`export:${id}:${expiresAt.getTime()}`).digest('base64url');

  return {
    buildJob,
    cleanupJob,
    scheduleCleanup,
    removeExpired,

    downloadUrl(row: ExportFileRow): string | null {
      if (row.status !== 'ready' || !row.expiresAt) return null;
      return `/api/exports/${row.id}/download?token=${sign(row.id, row.expiresAt)}`;
    },

    async request(user: SessionUser, options: ExportOptions): Promise<ExportFileRow> {
      if (!mayExport(user, options.reportType)) throw forbidden();
      const { reportType, format, ...rest } = options;
      const id = crypto.randomUUID();
      const [row] = await db
        .insert(exportFiles)
        .values({ id, requestedBy: user.id, reportType, format, options: rest, status: 'queued', jobId: id })
        .returning();
      await buildJob.send({ exportId: id }, { id });
      return row!;
    },

    async list(userId: string) {
      return db.select().from(exportFiles).where(eq(exportFiles.requestedBy, userId)).orderBy(desc(exportFiles.createdAt)).limit(20);
    },

    /** One of the caller's own exports (another leader's is not found: a file is its requester's). */
    async get(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(exportFiles)
        .where(and(eq(exportFiles.id, id), eq(exportFiles.requestedBy, userId)));
      if (!row) throw notFound(EXPORT_TEXTS.notFound);
      return row;
    },

    /** The file behind a signed link: 404 for a wrong link, 410 once it has expired. */
    async open(id: string, token: string) {
      const [row] = await db.select().from(exportFiles).where(eq(exportFiles.id, id));
      if (!row || !row.expiresAt || !row.storedName) throw notFound(EXPORT_TEXTS.notFound);
      const expected = Buffer.from(sign(row.id, row.expiresAt));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw notFound(EXPORT_TEXTS.notFound);
      if (row.status === 'expired' || row.expiresAt.getTime() <= Date.now() || !fs.existsSync(fileOf(row)))
        throw new HttpError(410, EXPORT_TEXTS.expired);
      // The link carries its requester's right, so the right is checked again now (issue 29, finding 8): a
      // leader who lost the role, or was deactivated, since asking cannot still hand the file on for a day.
      const [requester] = row.requestedBy
        ? await db
            .select({ role: users.role, permissions: users.permissions, isActive: users.isActive })
            .from(users)
            .where(eq(users.id, row.requestedBy))
        : [];
      if (!requester?.isActive || !mayExport(requester, row.reportType as ExportType)) throw forbidden(EXPORT_TEXTS.requesterLostRight);
      return { row, file: fileOf(row) };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
