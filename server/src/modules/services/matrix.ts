import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { teamPositions, teams, scheduleAssignments, services } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { dayIn } from '../../lib/zoned-time';
import type { ServicesDeps } from './deps';
import type { PlansService } from './plans-service';
import { presentAssignment } from './presenter';
import { assignmentsWhere } from './queries';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The Monday on or before a day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The leaders' matrix: weeks × positions, with every holding assignment and every decline. */
export async function rosterMatrix(d: Pick<ServicesDeps, 'db' | 'timeZone'>, plans: PlansService, q: { from?: string; weeks: number }) {
  const from = mondayOf(q.from ?? dayIn(await d.timeZone(), new Date()));
  const to = addDays(from, q.weeks * 7);
  const rows = await d.db
    .select()
    .from(services)
    .where(and(gte(services.serviceDay, from), lt(services.serviceDay, to)))
    .orderBy(asc(services.startsAt))
    .limit(200);
  const positions = await d.db
    .select({ id: teamPositions.id, name: teamPositions.name, teamId: teams.id, teamName: teams.name, needed: teamPositions.needed })
    .from(teamPositions)
    .innerJoin(teams, eq(teams.id, teamPositions.teamId))
    .orderBy(asc(teams.name), asc(teamPositions.sortOrder), asc(teamPositions.name));
  const assignments = rows.length
    ? await assignmentsWhere(
        d.db,
        and(
          inArray(
            scheduleAssignments.serviceId,
            rows.map((r) => r.id),
          ),
          inArray(scheduleAssignments.status, ['pending', 'accepted', 'declined']),
        ),
      )
    : [];
  return { services: await plans.summaries(rows), positions, assignments: assignments.map(presentAssignment) };
}
