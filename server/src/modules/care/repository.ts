import { and, count, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { careVisits, users } from '../../db/schema/index';
import { alias } from 'drizzle-orm/pg-core';

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
        .select({ id: users.id, role: users.role, lastContacted: users.lastContacted })
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
     * The care inbox in one statement: open visit follow-ups, pending
     * prayers, and visitors not yet connected, each with its due day.
     */
    async inbox(today: string, responseDays: number) {
      const result = (await db.execute(sql`
        select 'follow_up' as kind, v.id::text as id, v.kind as title, m.name as person,
               a.id::text as assignee_id, a.name as assignee_name, v.follow_up_on::text as due_on
          from care_visits v
          join users m on m.id = v.member_id
          left join users a on a.id = v.assignee_id
         where v.follow_up_on is not null and v.follow_up_done_at is null
        union all
        select 'prayer', p.id::text, p.title, coalesce(nullif(p.submitted_by, ''), 'Anonymous'),
               null, null, ((p.created_at at time zone 'UTC')::date + ${responseDays}::int)::text
          from prayers p
         where p.status = 'pending'
        union all
        select 'visitor', vi.id::text, 'New visitor', vi.first_name || ' ' || vi.last_name,
               null, null, ((vi.created_at at time zone 'UTC')::date + ${responseDays}::int)::text
          from visitors vi
         where vi.status = 'new'
        order by due_on, id
        limit 500
      `)) as unknown as {
        rows: {
          kind: string;
          id: string;
          title: string;
          person: string;
          assignee_id: string | null;
          assignee_name: string | null;
          due_on: string;
        }[];
      };
      return result.rows.map((r) => ({ ...r, overdue: r.due_on < today }));
    },
    /** Members inactive, or joined within the window (spec 001 §9), newest first, with their last visit. */
    async followUpMembers(since: string, limit: number) {
      const where = sql`${users.role} <> 'developer' and (${users.status} = 'inactive' or ${users.isActive} = false or ${users.joinDate} >= ${since})`;
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
