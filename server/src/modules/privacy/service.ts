import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DATA_EXPORT_TTL_DAYS, PRIVACY_TEXTS, type DataRequest } from '@church/contract/privacy';
import type { Db } from '../../db/client';
import { dataRequests, givingSubscriptions, users, type DataRequestRow, type UserRow } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { createNotifications } from '../notifications/repository';
import { collectPersonalData, writeDataZip } from './export-zip';
import { eraseCopies } from './erase-copies';
import { USER_COLUMNS } from './policy';

export const EXPORT_JOB = 'privacy.export';
export const EXPIRE_JOB = 'privacy.expire';

export interface PrivacyDeps {
  db: Db;
  jobs: JobQueue;
  dataDir: string;
  /** The auth service's check of the person's own password, with the account's one attempt budget. */
  confirmPassword: (user: Pick<UserRow, 'id' | 'passwordHash'>, password: string) => Promise<void>;
}

export const presentRequest = (r: DataRequestRow): DataRequest => ({
  id: r.id,
  kind: r.kind as DataRequest['kind'],
  status: r.status as DataRequest['status'],
  requestedAt: r.requestedAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  fileSize: r.fileSize ?? null,
});

/**
 * POPIA self-service: a member's data as a ZIP (built by a job, downloadable
 * by its owner only until it expires) and the deletion of their account
 * (at once, in one transaction, following policy.ts).
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, jobs } = deps;
  const folder = path.join(deps.dataDir, 'privacy');

  const exportJob = jobs.define(
    EXPORT_JOB,
    z.object({ requestId: z.uuid() }),
    async ({ requestId }, job) => {
      const [req] = await db.select().from(dataRequests).where(eq(dataRequests.id, requestId));
      if (!req || req.status !== 'queued' || !req.userId) return { skipped: true };
      try {
        const data = await db.transaction(async (tx) => {
          // One consistent snapshot of every table.
          await tx.execute(sql`set transaction isolation level repeatable read`);
          return collectPersonalData(tx, req.userId!);
        });
        fs.mkdirSync(folder, { recursive: true });
        const fileKey = `${crypto.randomUUID()}.zip`;
        const size = await writeDataZip(path.join(folder, fileKey), data, {
          generatedAt: new Date().toISOString(),
          about: 'Everything this church platform holds about you (POPIA section 23).',
        });
        const expiresAt = new Date(Date.now() + DATA_EXPORT_TTL_DAYS * 86_400_000);
        await db.transaction(async (tx) => {
          await tx
            .update(dataRequests)
            .set({ status: 'ready', fileKey, fileSize: size, completedAt: new Date(), expiresAt })
            .where(eq(dataRequests.id, requestId));
          await createNotifications(tx, [
            { userId: req.userId!, type: 'other', title: PRIVACY_TEXTS.exportReady, message: PRIVACY_TEXTS.exportReady, link: '/profile' },
          ]);
          await expireJob.send({ requestId }, { startAfter: expiresAt, tx });
        });
        return { size };
      } catch (err) {
        if (job.lastAttempt) {
          await db
            .update(dataRequests)
            .set({ status: 'failed', error: String((err as Error).message).slice(0, 300) })
            .where(eq(dataRequests.id, requestId));
        }
        throw err;
      }
    },
    { retryLimit: 2, retryDelaySeconds: 5 },
  );

  const expireJob = jobs.define(EXPIRE_JOB, z.object({ requestId: z.uuid() }), async ({ requestId }) => {
    const [req] = await db.select().from(dataRequests).where(eq(dataRequests.id, requestId));
    if (!req?.fileKey) return { skipped: true };
    fs.rmSync(path.join(folder, req.fileKey), { force: true });
    await db.update(dataRequests).set({ status: 'expired', fileKey: null }).where(eq(dataRequests.id, requestId));
    return { removed: req.fileKey };
  });

  return {
    async requestExport(userId: string) {
      const [busy] = await db
        .select()
        .from(dataRequests)
        .where(and(eq(dataRequests.userId, userId), eq(dataRequests.kind, 'export'), eq(dataRequests.status, 'queued')));
      if (busy) return { request: busy, message: PRIVACY_TEXTS.exportBusy };
      const request = await db.transaction(async (tx) => {
        const [row] = await tx.insert(dataRequests).values({ userId, kind: 'export' }).returning();
        await exportJob.send({ requestId: row!.id }, { tx });
        return row!;
      });
      return { request, message: PRIVACY_TEXTS.exportQueued };
    },

    async mine(userId: string) {
      return db.select().from(dataRequests).where(eq(dataRequests.userId, userId)).orderBy(desc(dataRequests.requestedAt)).limit(50);
    },

    /** The ZIP of one's own ready export; anyone else's id is simply not found. */
    async download(userId: string, id: string) {
      const [req] = await db
        .select()
        .from(dataRequests)
        .where(and(eq(dataRequests.id, id), eq(dataRequests.userId, userId), eq(dataRequests.kind, 'export')));
      if (!req) throw notFound(PRIVACY_TEXTS.exportNotFound);
      if (req.status === 'expired' || (req.expiresAt && req.expiresAt < new Date())) throw new HttpError(410, PRIVACY_TEXTS.exportExpired);
      if (req.status !== 'ready' || !req.fileKey) throw conflict(PRIVACY_TEXTS.exportBusy);
      const file = path.join(folder, req.fileKey);
      if (!fs.existsSync(file)) throw new HttpError(410, PRIVACY_TEXTS.exportExpired);
      return { file, size: req.fileSize ?? fs.statSync(file).size, name: `my-data-${req.requestedAt.toISOString().slice(0, 10)}.zip` };
    },

    /**
     * Deletes the account: rows the policy marks `erase` go, the users row is
     * de-identified in place (gift records and chat messages keep pointing at
     * it), sessions end. All or nothing.
     */
    async deleteAccount(user: UserRow, password: string, ip: string | null) {
      // The account's one password budget (auth service): a wrong password here counts like one anywhere else.
      await deps.confirmPassword(user, password).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 400) throw badRequest(PRIVACY_TEXTS.deleteWrongPassword);
        throw err;
      });
      await db.transaction(async (tx) => {
        const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
        if (!me || me.erasedAt) throw notFound();
        if (me.role === 'superadmin') {
          const [row] = await tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.role, 'superadmin'), eq(users.isActive, true), isNull(users.erasedAt)));
          const n = row?.n ?? 0;
          if (n <= 1) throw conflict(PRIVACY_TEXTS.deleteLastSuperadmin);
        }
        // A live recurring gift would keep taking money from someone with no account to stop it.
        const live = await tx
          .select({ id: givingSubscriptions.id })
          .from(givingSubscriptions)
          .where(and(eq(givingSubscriptions.userId, user.id), eq(givingSubscriptions.status, 'active')));
        if (live.length) throw conflict('Cancel your recurring gift first (My Giving), then delete your account.');

        for (const [ref, policy] of Object.entries(USER_COLUMNS)) {
          if (policy.action !== 'erase') continue;
          const [table, column] = ref.split('.') as [string, string];
          await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${user.id}`);
        }
        await eraseCopies(tx, me);
        await tx
          .update(users)
          .set({
            name: PRIVACY_TEXTS.formerMember,
            email: `erased-${user.id}@erased.invalid`,
            passwordHash: null,
            role: 'member',
            permissions: [],
            status: 'inactive',
            isActive: false,
            isVolunteer: false,
            phone: null,
            address: null,
            birthday: null,
            baptismDate: null,
            spiritualGifts: [],
            ministryInterests: [],
            gender: null,
            maritalStatus: null,
            occupation: null,
            emergencyContact: null,
            notes: null,
            lastContacted: null,
            householdId: null,
            householdRole: null,
            developerProfile: null,
            communicationPreferences: null,
            erasedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await tx.insert(dataRequests).values({ userId: user.id, kind: 'deletion', status: 'completed', completedAt: new Date() });
        // The record says that an account was deleted, not whose: the name is gone with it.
        await recordAudit(tx, {
          actorId: user.id,
          actorName: PRIVACY_TEXTS.formerMember,
          actorRole: 'member',
          ip,
          action: 'member.erased',
          entityType: 'member',
          entityId: user.id,
          summary: 'A member deleted their account (POPIA)',
        });
      });
      // Files of finished exports go too.
      const rows = await db.select().from(dataRequests).where(eq(dataRequests.userId, user.id));
      for (const r of rows) if (r.fileKey) fs.rmSync(path.join(folder, r.fileKey), { force: true });
      await db
        .update(dataRequests)
        .set({ fileKey: null, status: 'expired' })
        .where(and(eq(dataRequests.userId, user.id), eq(dataRequests.kind, 'export')));
    },

    async all() {
      return db
        .select({ request: dataRequests, personName: users.name })
        .from(dataRequests)
        .leftJoin(users, eq(users.id, dataRequests.userId))
        .orderBy(desc(dataRequests.requestedAt))
        .limit(500);
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
