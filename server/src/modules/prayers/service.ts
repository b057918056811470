import { noEvents, type EmitEvent } from '../../events/domain-events';
import { prayerObject } from '../../events/objects';
import { and, eq, type SQL } from 'drizzle-orm';
import { can } from '@church/contract/roles';
import { PRAYER_TEXTS, type PrayerStatus } from '@church/contract/prayers';
import { oneMonthAgo } from '@church/contract/rules/dashboard';
import type { Db } from '../../db/client';
import { prayers, type PrayerRow } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { LeaderAlerts } from '../care/alerts';
import { auditPort, type AuditFn } from '../care/audit-port';
import { recordRead } from '../audit/audit';
import { createNotifications } from '../notifications/repository';
import { createPrayersRepository, visibleTo } from './repository';

type Priority = 'low' | 'medium' | 'high';

const STATUS_NOTICE: Partial<Record<PrayerStatus, (title: string, isPublic: boolean) => { title: string; message: string }>> = {
  approved: (title, isPublic) => ({
    title: 'Prayer request approved',
    message: isPublic
      ? `Your prayer request "${title}" has been approved and shared with the church.`
      : `Your prayer request "${title}" has been approved. Our leaders are praying with you.`,
  }),
  rejected: (title) => ({
    title: 'Prayer request reviewed',
    message: `Your prayer request "${title}" will not be shared with the church. Our leaders have read it, and one of them may contact you.`,
  }),
  answered: (title) => ({ title: 'Prayer answered', message: `Your prayer request "${title}" has been marked as answered. Praise God!` }),
};

const combine = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => !!p);
  return present.length ? and(...present) : undefined;
};

type PrayerView = { prayer: PrayerRow; userName: string | null; nameShared: boolean };

/**
 * POPIA (issue 17): a member's prayer reaches other members with their name
 * only when they agreed to 'public_prayers' ("shown on the public prayer wall
 * with my name"); otherwise it is shared without who asked. The asker and the
 * leaders who care for them always see the name. A prayer a leader entered on
 * behalf of someone without an account keeps the name the leader typed.
 */
/** A viewer with no rights and no prayers of their own: what leaves the church (webhooks) sees. */
const ANYONE_OUTSIDE = { id: '', role: 'member', permissions: [] } as unknown as SessionUser;

export function asSeenBy(viewer: SessionUser, row: PrayerView): PrayerView {
  const p = row.prayer;
  if (can(viewer, 'prayers:moderate') || !p.userId || p.userId === viewer.id || row.nameShared) return row;
  return { prayer: { ...p, userId: null, submittedBy: '' }, userName: null, nameShared: false };
}

export function createPrayersService(db: Db, deps: { alerts?: LeaderAlerts; audit?: AuditFn; emit?: EmitEvent } = {}) {
  const repo = createPrayersRepository(db);
  const audit: AuditFn = deps.audit ?? auditPort;
  type ListOpts = { page: number; limit: number; status?: PrayerStatus; priority?: Priority };
  const filters = (opts: ListOpts) =>
    combine(opts.status ? eq(prayers.status, opts.status) : undefined, opts.priority ? eq(prayers.priority, opts.priority) : undefined);

  return {
    /** GET /prayers: own and approved public ones; leaders see every prayer. */
    async list(user: SessionUser, opts: ListOpts) {
      const scope = can(user, 'prayers:moderate') ? undefined : visibleTo(user.id);
      const { rows, total } = await repo.list(combine(scope, filters(opts)), opts.page, opts.limit);
      return { rows: rows.map((r) => asSeenBy(user, r)), total };
    },
    listAll: (opts: ListOpts) => repo.list(filters(opts), opts.page, opts.limit),
    /** One prayer: leaders any; others only what GET /prayers would show them. */
    async get(user: SessionUser, id: string) {
      const row = await repo.get(id);
      if (!row) throw notFound('Prayer request not found');
      const p = row.prayer;
      const visible = p.userId === user.id || (p.isPublic && (p.status === 'approved' || p.status === 'answered'));
      const leader = can(user, 'prayers:moderate');
      if (!leader && !visible) throw notFound('Prayer request not found');
      // A member opening a prayer shared with the church is not a leader's read of a record.
      if (leader)
        await recordRead(db, user, {
          entityType: 'prayer',
          entityId: p.id,
          ownerId: p.userId,
          summary: `Opened the prayer request "${p.title}" of ${row.userName ?? (p.submittedBy || 'someone')}`,
        });
      return asSeenBy(user, row);
    },
    async create(
      user: SessionUser,
      input: { title: string; description: string; isPublic: boolean; onBehalfOf?: string; priority?: Priority },
    ) {
      const leader = can(user, 'prayers:moderate');
      if ((input.onBehalfOf || input.priority) && !leader) throw forbidden(PRAYER_TEXTS.leadersOnly);
      // On behalf of someone else: the asker is that name, and no account gets the asker's notifications.
      const prayer = await repo.insert({
        title: input.title,
        description: input.description,
        isPublic: input.isPublic,
        userId: input.onBehalfOf ? null : user.id,
        submittedBy: input.onBehalfOf || user.name,
        priority: input.priority ?? 'medium',
        status: 'pending',
      });
      await deps.alerts?.notify({
        topic: 'prayers',
        title: 'New prayer request',
        message: `${prayer.submittedBy || 'Someone'} asked for prayer: "${prayer.title}"`,
        link: `/prayers/${prayer.id}`,
      });
      return { prayer, userName: input.onBehalfOf ? null : user.name };
    },
    /** A leader moves a prayer on; the asker hears about it; the audit log keeps who did it. */
    async setStatus(actor: SessionUser, id: string, status: PrayerStatus) {
      return repo.transaction(async (tx) => {
        const current = await repo.get(id, tx);
        if (!current) throw notFound('Prayer request not found');
        const changed = current.prayer.status !== status;
        const prayer = await repo.update(
          id,
          { status, answeredAt: status === 'answered' ? (current.prayer.answeredAt ?? new Date()) : null },
          tx,
        );
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
        // Only a prayer shared with the church leaves the church as prayer.approved; a private one never does.
        if (changed && status === 'approved' && prayer!.isPublic)
          // The public API honours the asker's consent too: without 'public_prayers' the name stays in the church.
          await (deps.emit ?? noEvents)(tx, 'prayer.approved', {
            object: prayerObject(asSeenBy(ANYONE_OUTSIDE, { ...current, prayer: prayer! }).prayer),
          });
        if (changed) {
          await audit(tx, {
            actor,
            action: `prayer.${status}`,
            entityType: 'prayer',
            entityId: id,
            before: { status: current.prayer.status },
            after: { status, answeredAt: prayer!.answeredAt },
          });
        }
        return { prayer: prayer!, userName: current.userName };
      });
    },
    /** Spec 001 §4 offers the priority control while a prayer is pending (the page does so); the API allows it later too. */
    async setPriority(actor: SessionUser, id: string, priority: Priority) {
      return repo.transaction(async (tx) => {
        const current = await repo.get(id, tx);
        if (!current) throw notFound('Prayer request not found');
        const prayer = await repo.update(id, { priority }, tx);
        if (current.prayer.priority !== priority) {
          await audit(tx, {
            actor,
            action: 'prayer.priority',
            entityType: 'prayer',
            entityId: id,
            before: { priority: current.prayer.priority },
            after: { priority },
          });
        }
        return { prayer: prayer!, userName: current.userName };
      });
    },
    stats: () => repo.stats(oneMonthAgo()),
  };
}
export type PrayersService = ReturnType<typeof createPrayersService>;
