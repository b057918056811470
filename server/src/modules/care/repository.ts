import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CareItemKind, CareScope } from '@church/contract/care';
import { PASTOR_PAGE_ROLES } from '@church/contract/roles';
import type { Db, DbOrTx } from '../../db/client';
import { careVisits, groupCareAlerts, prayers, users, visitors } from '../../db/schema/index';
import { congregation } from '../members/repository';

/** Visitors still being followed up: new, and contacted but not yet connected or not interested. */
export const OPEN_VISITOR_STATUSES = ['new', 'contacted'] as const;

export interface InboxQuery {
  me: string;
  today: string;
  timeZone: string;
  responseDays: number;
  scope: CareScope;
  kind?: CareItemKind;
  page: number;
  limit: number;
}
interface InboxItemRow {
  kind: CareItemKind;
  id: string;
  title: string;
  person: string;
  assignee_id: string | null;
  assignee_name: string | null;
  due_on: string;
  /** What the item's link points at when its id does not say (the group of a group_absence). */
  ref: string | null;
}
interface InboxRow {
  open: number;
  overdue: number;
  mine: number;
  mine_overdue: number;
  unassigned: number;
  unassigned_overdue: number;
  total: number;
  items: InboxItemRow[] | string;
}

/** Where each kind of inbox item keeps its assignee, and when it counts as open (fixed SQL, no input). */
const ITEM_TABLES: Record<CareItemKind, { alias: string; from: string; assignee: string; person: string; open: string }> = {
  follow_up: {
    alias: 'v',
    from: 'care_visits v join users m on m.id = v.member_id',
    assignee: 'v.assignee_id',
    person: 'm.name',
    open: 'v.follow_up_on is not null and v.follow_up_done_at is null',
  },
  prayer: {
    alias: 'p',
    from: 'prayers p',
    assignee: 'p.assigned_to',
    person: "coalesce(nullif(p.submitted_by, ''), 'Anonymous')",
    open: "p.status = 'pending'",
  },
  visitor: {
    alias: 'vi',
    from: 'visitors vi',
    assignee: 'vi.assigned_to',
    person: "vi.first_name || ' ' || vi.last_name",
    open: `vi.status in (${OPEN_VISITOR_STATUSES.map((s) => `'${s}'`).join(', ')})`,
  },
  group_absence: {
    alias: 'ga',
    from: 'group_care_alerts ga join users m on m.id = ga.user_id',
    assignee: 'ga.assignee_id',
    person: 'm.name',
    open: 'ga.resolved_at is null',
  },
};

const member = alias(users, 'care_member');
const assignee = alias(users, 'care_assignee');
const recorder = alias(users, 'care_recorder');

/** Queries for visits, the care inbox and the follow-up list. Confidential notes never leave through anything but careVisits. */
export function createCareRepository(db: Db) {
  // Typed on Db: a transaction offers the same select builder (the union type confuses inference).
  const visitsWithPeople = (tx: DbOrTx) =>
    (tx as Db)
      .select({
        visit: careVisits,
        member: { id: member.id, name: member.name },
        assignee: { id: assignee.id, name: assignee.name },
        recorder: { id: recorder.id, name: recorder.name },
      })
      .from(careVisits)
      .innerJoin(member, eq(member.id, careVisits.memberId))
      .leftJoin(assignee, eq(assignee.id, careVisits.assigneeId))
      .leftJoin(recorder, eq(recorder.id, careVisits.recordedBy));

  return {
    async listVisits(opts: { memberId?: string; dueBy?: string; page: number; limit: number }) {
      const filters: SQL[] = [];
      if (opts.memberId) filters.push(eq(careVisits.memberId, opts.memberId));
      if (opts.dueBy)
        filters.push(isNotNull(careVisits.followUpOn), isNull(careVisits.followUpDoneAt), lte(careVisits.followUpOn, opts.dueBy));
      const where = filters.length ? and(...filters) : undefined;
      const order = opts.dueBy ? [careVisits.followUpOn, careVisits.id] : [desc(careVisits.visitedOn), desc(careVisits.createdAt)];
      const [rows, [total]] = await Promise.all([
        visitsWithPeople(db)
          .where(where)
          .orderBy(...order)
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ n: count() }).from(careVisits).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async findVisit(id: string, tx: DbOrTx = db) {
      const [row] = await visitsWithPeople(tx).where(eq(careVisits.id, id)).limit(1);
      return row;
    },
    async insertVisit(tx: DbOrTx, values: typeof careVisits.$inferInsert) {
      const [row] = await tx.insert(careVisits).values(values).returning();
      return row!;
    },
    async setFollowUpDone(tx: DbOrTx, id: string, done: boolean) {
      const [row] = await tx
        .update(careVisits)
        .set({ followUpDoneAt: done ? new Date() : null })
        .where(eq(careVisits.id, id))
        .returning();
      return row;
    },
    async personExists(tx: DbOrTx, id: string) {
      const [row] = await tx
        .select({
          id: users.id,
          name: users.name,
          role: users.role,
          isActive: users.isActive,
          erasedAt: users.erasedAt,
          lastContacted: users.lastContacted,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
    async touchLastContacted(tx: DbOrTx, id: string, at: Date) {
      // lastContacted only moves forward: recording an older visit later does not turn the clock back.
      await tx
        .update(users)
        .set({
          lastContacted: sql`greatest(coalesce(${users.lastContacted}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(users.id, id));
    },
    /**
     * The care inbox in one statement: open visit follow-ups, pending prayers
     * and visitors still being followed up (new, contacted), each with its
     * assignee and due day. The counts run over the whole inbox in SQL (no
     * list is loaded to count it); only the requested page of items leaves.
     */
    async inbox(q: InboxQuery) {
      const overdue = sql`due_on < ${q.today}::date`;
      const mine = sql`assignee_id = ${q.me}::uuid`;
      const scope = {
        all: sql`true`,
        mine,
        unassigned: sql`assignee_id is null`,
        mine_unassigned: sql`(${mine} or assignee_id is null)`,
      }[q.scope];
      const kind = q.kind ? sql`kind = ${q.kind}` : sql`true`;
      const result = (await db.execute(sql`
        with items as materialized (
          select 'follow_up'::text as kind, v.id, v.kind as title, m.name as person, v.assignee_id, v.follow_up_on as due_on,
                 null::text as ref
            from care_visits v
            join users m on m.id = v.member_id
           where v.follow_up_on is not null and v.follow_up_done_at is null
          union all
          select 'prayer', p.id, p.title, coalesce(nullif(p.submitted_by, ''), 'Anonymous'), p.assigned_to,
                 (p.created_at at time zone ${q.timeZone})::date + ${q.responseDays}::int, null
            from prayers p
           where p.status = 'pending'
          union all
          select 'visitor', vi.id, vi.status, vi.first_name || ' ' || vi.last_name, vi.assigned_to,
                 coalesce(vi.follow_up_on, (vi.created_at at time zone ${q.timeZone})::date + ${q.responseDays}::int), null
            from visitors vi
           where vi.status in (${sql.join(
             OPEN_VISITOR_STATUSES.map((st) => sql`${st}`),
             sql`, `,
           )})
          union all
          select 'group_absence', ga.id, g.name, gu.name, ga.assignee_id,
                 (ga.raised_at at time zone ${q.timeZone})::date + ${q.responseDays}::int, ga.group_id::text
            from group_care_alerts ga join users gu on gu.id = ga.user_id join groups g on g.id = ga.group_id
           where ga.resolved_at is null
        ), scoped as (
          select * from items where ${scope} and ${kind}
        )
        select
          (select count(*) from items)::int as open,
          (select count(*) from items where ${overdue})::int as overdue,
          (select count(*) from items where ${mine})::int as mine,
          (select count(*) from items where ${mine} and ${overdue})::int as mine_overdue,
          (select count(*) from items where assignee_id is null)::int as unassigned,
          (select count(*) from items where assignee_id is null and ${overdue})::int as unassigned_overdue,
          (select count(*) from scoped)::int as total,
          (select coalesce(json_agg(x), '[]') from (
             select s.kind, s.id::text as id, s.title, s.person, s.assignee_id::text as assignee_id, a.name as assignee_name,
                    s.due_on::text as due_on, s.ref
               from scoped s left join users a on a.id = s.assignee_id
              order by s.due_on, s.kind, s.id
              limit ${q.limit} offset ${(q.page - 1) * q.limit}) x) as items
      `)) as unknown as { rows: InboxRow[] };
      const r = result.rows[0]!;
      const items = (typeof r.items === 'string' ? JSON.parse(r.items) : r.items) as InboxItemRow[];
      return {
        counts: {
          open: r.open,
          overdue: r.overdue,
          mine: r.mine,
          mineOverdue: r.mine_overdue,
          unassigned: r.unassigned,
          unassignedOverdue: r.unassigned_overdue,
        },
        total: r.total,
        items: items.map((i) => ({ ...i, overdue: i.due_on < q.today })),
      };
    },
    /** The leaders care can be assigned to: pastors and administrators (care:notes), active, not erased. */
    async careLeaders() {
      return db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(and(inArray(users.role, [...PASTOR_PAGE_ROLES]), eq(users.isActive, true), isNull(users.erasedAt)))
        .orderBy(asc(users.name), asc(users.id))
        .limit(200);
    },
    /** Locks the item and reads its current assignee and who it is for; undefined when it is no longer open. */
    async lockItem(tx: DbOrTx, kind: CareItemKind, id: string) {
      const t = ITEM_TABLES[kind];
      const res = (await tx.execute(sql`
        select ${sql.raw(t.assignee)}::text as assignee_id, ${sql.raw(t.person)} as person
          from ${sql.raw(t.from)}
         where ${sql.raw(t.alias)}.id = ${id} and ${sql.raw(t.open)}
           for update of ${sql.raw(t.alias)}`)) as unknown as { rows: { assignee_id: string | null; person: string }[] };
      return res.rows[0];
    },
    async assignItem(tx: DbOrTx, kind: CareItemKind, id: string, assigneeId: string | null) {
      if (kind === 'follow_up') await tx.update(careVisits).set({ assigneeId }).where(eq(careVisits.id, id));
      else if (kind === 'prayer') await tx.update(prayers).set({ assignedTo: assigneeId }).where(eq(prayers.id, id));
      else if (kind === 'visitor') await tx.update(visitors).set({ assignedTo: assigneeId }).where(eq(visitors.id, id));
      else await tx.update(groupCareAlerts).set({ assigneeId }).where(eq(groupCareAlerts.id, id));
    },
    /** Members inactive, or joined within the window (spec 001 §9), newest first, with their last visit. */
    async followUpMembers(since: string, limit: number) {
      // A deleted account (POPIA, erased_at) is inactive by construction, but nobody's to follow up: congregation leaves it out.
      const where = and(congregation, sql`(${users.status} = 'inactive' or ${users.isActive} = false or ${users.joinDate} >= ${since})`);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            phone: users.phone,
            status: users.status,
            isActive: users.isActive,
            joinDate: users.joinDate,
            lastVisitOn: sql<string | null>`(select max(visited_on)::text from care_visits cv where cv.member_id = "users"."id")`,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.joinDate), users.name)
          .limit(limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type CareRepository = ReturnType<typeof createCareRepository>;
