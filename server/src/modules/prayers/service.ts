import { and, eq, type SQL } from 'drizzle-orm';
import { can } from '@church/contract/roles';
import type { PrayerStatus } from '@church/contract/prayers';
import { oneMonthAgo } from '@church/contract/rules/dashboard';
import type { Db } from '../../db/client';
import { prayers, type UserRow } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { createNotifications } from '../notifications/repository';
import { recordAudit, type AuditActor } from '../audit/audit';
import { createPrayersRepository, visibleTo } from './repository';

const STATUS_NOTICE: Partial<Record<PrayerStatus, (title: string, isPublic: boolean) => { title: string; message: string }>> = {
  approved: (title, isPublic) => ({
    title: 'Prayer request approved',
    message: isPublic
      ? `Your prayer request "${title}" has been approved and shared with the church.`
      : `Your prayer request "${title}" has been approved. Our leaders are praying with you.`,
  }),
  answered: (title) => ({ title: 'Prayer answered', message: `Your prayer request "${title}" has been marked as answered. Praise God!` }),
};

export function createPrayersService(db: Db) {
  const repo = createPrayersRepository(db);

  return {
    /** GET /prayers: own and approved public ones; leaders see every prayer. */
    list(user: UserRow, opts: { page: number; limit: number; status?: PrayerStatus }) {
      const scope = can(user, 'prayers:moderate') ? undefined : visibleTo(user.id);
      const filter: SQL | undefined = opts.status ? eq(prayers.status, opts.status) : undefined;
      return repo.list(scope && filter ? and(scope, filter) : (scope ?? filter), opts.page, opts.limit);
    },
    listAll(opts: { page: number; limit: number; status?: PrayerStatus }) {
      return repo.list(opts.status ? eq(prayers.status, opts.status) : undefined, opts.page, opts.limit);
    },
    async create(user: UserRow, input: { title: string; description: string; isPublic: boolean }) {
      const prayer = await repo.insert({ ...input, userId: user.id, submittedBy: user.name, status: 'pending' });
      return { prayer, userName: user.name };
    },
    /** A leader moves a prayer on; the asker hears about approval and answers. */
    /** `actor` (the leader) is recorded in the audit log with the change, in the same transaction. */
    async setStatus(id: string, status: PrayerStatus, actor?: AuditActor) {
      return repo.transaction(async (tx) => {
        const current = await repo.get(id, tx);
        if (!current) throw notFound('Prayer request not found');
        const changed = current.prayer.status !== status;
        const prayer = await repo.update(
          id,
          { status, answeredAt: status === 'answered' ? (current.prayer.answeredAt ?? new Date()) : null },
          tx,
        );
        if (changed && actor) {
          await recordAudit(tx, {
            ...actor,
            action: `prayer.${status}`,
            entityType: 'prayer',
            entityId: id,
            summary: `Prayer "${current.prayer.title}": ${current.prayer.status} → ${status}`,
            before: { status: current.prayer.status },
            after: { status },
          });
        }
        const notice = STATUS_NOTICE[status];
        if (changed && notice && current.prayer.userId) {
          await createNotifications(tx, [
            {
              userId: current.prayer.userId,
              type: 'prayer',
              link: '/mobile/prayer',
              ...notice(current.prayer.title, current.prayer.isPublic),
            },
          ]);
        }
        return { prayer: prayer!, userName: current.userName };
      });
    },
    async setPriority(id: string, priority: 'low' | 'medium' | 'high') {
      const current = await repo.get(id);
      if (!current) throw notFound('Prayer request not found');
      const prayer = await repo.update(id, { priority });
      return { prayer: prayer!, userName: current.userName };
    },
    stats: () => repo.stats(oneMonthAgo()),
  };
}
export type PrayersService = ReturnType<typeof createPrayersService>;
