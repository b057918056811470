import { and, asc, count, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { memberSearch } from './search';

/** The congregation: every account except developer-only ones. */
/** Developer-only accounts are not church members; a deleted account (POPIA) is nobody's member any more. */
export const congregation = and(ne(users.role, 'developer'), isNull(users.erasedAt))!;
/** "Treated as active unless explicitly false", and not marked inactive by a leader (contract rules/dashboard isActiveMember). */
export const activeMember = and(eq(users.isActive, true), ne(users.status, 'inactive'))!;

export function createMembersRepository(db: Db) {
  return {
    async update(id: string, set: Partial<typeof users.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
      return row;
    },
    async stats(newSince: string) {
      const [row] = await db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${activeMember})`.mapWith(Number),
          newMembers: sql<number>`count(*) filter (where ${gte(users.joinDate, newSince)} and ${users.joinDate} <= current_date)`.mapWith(
            Number,
          ),
          volunteers:
            sql<number>`count(*) filter (where ${users.isVolunteer} or ${users.role} in ('volunteer', 'deacon', 'elder'))`.mapWith(Number),
        })
        .from(users)
        .where(congregation);
      return row ?? { total: 0, active: 0, newMembers: 0, volunteers: 0 };
    },
    async list(q: string | undefined, page: number, limit: number) {
      let where: SQL = congregation;
      // The member search (name, e-mail, phone digits) over its trigram indexes.
      const match = q ? memberSearch(q) : undefined;
      if (match) where = and(where, match)!;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
