import { aliasedTable, and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scheduleAssignments, teamPositions, teams, users } from '../../db/schema/index';
import type { AssignmentJoined } from './presenter';

const substitute = aliasedTable(users, 'substitute');

/** Assignments with the names a presenter needs, in one statement. */
export async function assignmentsWhere(db: DbOrTx, where: ReturnType<typeof and>): Promise<AssignmentJoined[]> {
  return db
    .select({
      a: scheduleAssignments,
      personName: users.name,
      positionName: teamPositions.name,
      teamName: teams.name,
      substituteName: substitute.name,
    })
    .from(scheduleAssignments)
    .innerJoin(users, eq(users.id, scheduleAssignments.userId))
    .innerJoin(teamPositions, eq(teamPositions.id, scheduleAssignments.positionId))
    .innerJoin(teams, eq(teams.id, teamPositions.teamId))
    .leftJoin(substitute, eq(substitute.id, scheduleAssignments.proposedSubstituteId))
    .where(where)
    .orderBy(teams.name, teamPositions.sortOrder, scheduleAssignments.createdAt);
}

export const assignmentById = async (db: DbOrTx, id: string) => (await assignmentsWhere(db, and(eq(scheduleAssignments.id, id))))[0];

/** Places needed (all positions of all teams) and holding assignments per service. */
export async function serviceCounts(db: DbOrTx, serviceIds: string[]) {
  const counts = new Map<string, { accepted: number; pending: number }>();
  if (!serviceIds.length) return { needed: 0, counts };
  const [needed] = await db.select({ n: sql<number>`coalesce(sum(${teamPositions.needed}), 0)`.mapWith(Number) }).from(teamPositions);
  const rows = await db
    .select({
      serviceId: scheduleAssignments.serviceId,
      accepted: sql<number>`count(*) filter (where ${scheduleAssignments.status} = 'accepted')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${scheduleAssignments.status} = 'pending')`.mapWith(Number),
    })
    .from(scheduleAssignments)
    .where(inArray(scheduleAssignments.serviceId, serviceIds))
    .groupBy(scheduleAssignments.serviceId);
  for (const r of rows) counts.set(r.serviceId, { accepted: r.accepted, pending: r.pending });
  return { needed: needed?.n ?? 0, counts };
}
