import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { groupMembers, groups, type GroupRow } from '../../db/schema/index';

/** A group as lists show it: the row, its counts, its leaders and the caller's place in it. */
export interface GroupSummaryRow {
  id: string;
  name: string;
  type: string;
  description: string;
  meeting_day: number | null;
  meeting_time: string | null;
  frequency: string;
  meeting_place: string;
  address: string;
  capacity: number | null;
  is_open: boolean;
  show_members: boolean;
  picture_file: string | null;
  network_id: string | null;
  network_name: string | null;
  chat_room_id: string | null;
  member_count: number;
  leaders: { id: string; name: string }[] | string;
  my_role: string | null;
  my_status: string | null;
  /** The caller oversees a network above this group. */
  oversees: boolean;
}

export interface GroupMemberListRow {
  id: string;
  name: string;
  role: string;
  joined_at: string | null;
  phone: string | null;
  email: string | null;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * The summary columns for groups matching `where` (alias g), for caller `me`. Counts and
 * leaders are correlated subqueries over (group_id, status): a page of 20 groups costs 40
 * index lookups, never a scan of group_members.
 */
function summarySelect(me: string) {
  return sql`
    select g.id, g.name, g.type, g.description, g.meeting_day, g.meeting_time, g.frequency, g.meeting_place, g.address,
           g.capacity, g.is_open, g.show_members, g.picture_file, g.network_id, n.name as network_name, g.chat_room_id,
           (select count(*) from group_members c where c.group_id = g.id and c.status = 'active')::int as member_count,
           (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by l.role, u.name), '[]')
              from group_members l join users u on u.id = l.user_id
             where l.group_id = g.id and l.status = 'active' and l.role in ('leader', 'co_leader')) as leaders,
           mine.role as my_role, mine.status as my_status,
           exists (select 1 from group_networks o
                    where o.overseer_id = ${me}::uuid and n.path is not null and starts_with(n.path, o.path)) as oversees
      ${summaryFrom(me)}`;
}
/** Groups (g) with their network (n) and the caller's own membership row (mine), for filters on any of them. */
const summaryFrom = (me: string) => sql`
      from groups g
      left join group_networks n on n.id = g.network_id
      left join group_members mine on mine.group_id = g.id and mine.user_id = ${me}::uuid`;

export function createGroupsRepository(db: Db) {
  return {
    async summaries(me: string, where: SQL, opts: { limit: number; offset: number }, tx: DbOrTx = db) {
      const [rows, total] = await Promise.all([
        tx.execute(sql`${summarySelect(me)} where g.archived_at is null and ${where}
                        order by g.name, g.id limit ${opts.limit} offset ${opts.offset}`),
        tx.execute(sql`select count(*)::int as n ${summaryFrom(me)} where g.archived_at is null and ${where}`),
      ]);
      return { rows: rowsOf<GroupSummaryRow>(rows), total: rowsOf<{ n: number }>(total)[0]?.n ?? 0 };
    },
    async summary(me: string, id: string, tx: DbOrTx = db) {
      const res = await tx.execute(sql`${summarySelect(me)} where g.archived_at is null and g.id = ${id}::uuid`);
      return rowsOf<GroupSummaryRow>(res)[0];
    },
    /** Locks the group row for a change of membership (capacity is checked under it). */
    async lockGroup(tx: DbOrTx, id: string): Promise<GroupRow | undefined> {
      const [row] = await tx
        .select()
        .from(groups)
        .where(and(eq(groups.id, id), sql`${groups.archivedAt} is null`))
        .for('update');
      return row;
    },
    async activeCount(tx: DbOrTx, groupId: string) {
      const res = await tx.execute(
        sql`select count(*)::int as n from group_members where group_id = ${groupId}::uuid and status = 'active'`,
      );
      return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
    },
    async leaderCount(tx: DbOrTx, groupId: string) {
      const res = await tx.execute(
        sql`select count(*)::int as n from group_members where group_id = ${groupId}::uuid and status = 'active' and role in ('leader', 'co_leader')`,
      );
      return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
    },
    async membership(tx: DbOrTx, groupId: string, userId: string) {
      const [row] = await tx
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
      return row;
    },
    async members(groupId: string, tx: DbOrTx = db) {
      const res = await tx.execute(sql`
        select u.id, u.name, m.role, m.joined_at, u.phone, u.email
          from group_members m join users u on u.id = m.user_id
         where m.group_id = ${groupId}::uuid and m.status = 'active'
         order by case m.role when 'leader' then 0 when 'co_leader' then 1 else 2 end, u.name, u.id`);
      return rowsOf<GroupMemberListRow>(res);
    },
    async requests(groupId: string) {
      const res = await db.execute(sql`
        select u.id, u.name, m.message, m.requested_at, u.phone, u.email
          from group_members m join users u on u.id = m.user_id
         where m.group_id = ${groupId}::uuid and m.status = 'requested'
         order by m.requested_at, u.id`);
      return rowsOf<{ id: string; name: string; message: string; requested_at: string; phone: string | null; email: string | null }>(res);
    },
    async requestCount(groupId: string, tx: DbOrTx = db) {
      const res = await tx.execute(
        sql`select count(*)::int as n from group_members where group_id = ${groupId}::uuid and status = 'requested'`,
      );
      return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
    },
    /** Inserts or changes one person's row (the primary key is the pair). */
    async upsertMember(tx: DbOrTx, values: typeof groupMembers.$inferInsert) {
      const [row] = await tx
        .insert(groupMembers)
        .values(values)
        .onConflictDoUpdate({
          target: [groupMembers.groupId, groupMembers.userId],
          set: {
            role: values.role ?? 'member',
            status: values.status ?? 'active',
            message: values.message ?? '',
            requestedAt: values.requestedAt ?? null,
            joinedAt: values.joinedAt ?? null,
            leftAt: values.leftAt ?? null,
          },
        })
        .returning();
      return row!;
    },
    async setMember(tx: DbOrTx, groupId: string, userId: string, set: Partial<typeof groupMembers.$inferInsert>) {
      const [row] = await tx
        .update(groupMembers)
        .set(set)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .returning();
      return row;
    },
    async insertGroup(tx: DbOrTx, values: typeof groups.$inferInsert) {
      const [row] = await tx.insert(groups).values(values).returning();
      return row!;
    },
    async updateGroup(tx: DbOrTx, id: string, set: Partial<typeof groups.$inferInsert>) {
      const [row] = await tx.update(groups).set(set).where(eq(groups.id, id)).returning();
      return row;
    },
    async networkExists(tx: DbOrTx, id: string) {
      const res = await tx.execute(sql`select 1 from group_networks where id = ${id}::uuid`);
      return rowsOf(res).length > 0;
    },
    async person(tx: DbOrTx, id: string) {
      const res = await tx.execute(
        sql`select id, name from users where id = ${id}::uuid and is_active and erased_at is null and role <> 'developer'`,
      );
      return rowsOf<{ id: string; name: string }>(res)[0];
    },
  };
}
export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
