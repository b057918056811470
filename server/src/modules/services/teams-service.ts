import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Team, teamRequest } from '@church/contract/services';
import type { DbOrTx } from '../../db/client';
import { positionMembers, teamPositions, teams, users } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import type { ServicesDeps } from './deps';

/** Teams, their positions and who is qualified for each. */
export function createTeamsService(d: Pick<ServicesDeps, 'db'>) {
  async function list(ids?: string[]): Promise<Team[]> {
    const teamRows = await d.db
      .select()
      .from(teams)
      .where(ids ? inArray(teams.id, ids) : undefined)
      .orderBy(asc(teams.name));
    if (!teamRows.length) return [];
    const positions = await d.db
      .select()
      .from(teamPositions)
      .where(
        inArray(
          teamPositions.teamId,
          teamRows.map((t) => t.id),
        ),
      )
      .orderBy(asc(teamPositions.sortOrder), asc(teamPositions.name));
    const members = positions.length
      ? await d.db
          .select({ positionId: positionMembers.positionId, id: users.id, name: users.name })
          .from(positionMembers)
          .innerJoin(users, eq(users.id, positionMembers.userId))
          .where(
            inArray(
              positionMembers.positionId,
              positions.map((p) => p.id),
            ),
          )
          .orderBy(asc(users.name))
      : [];
    return teamRows.map((t) => ({
      _id: t.id,
      id: t.id,
      name: t.name,
      maxWeeksRunning: t.maxWeeksRunning,
      positions: positions
        .filter((p) => p.teamId === t.id)
        .map((p) => ({
          _id: p.id,
          id: p.id,
          name: p.name,
          needed: p.needed,
          members: members.filter((m) => m.positionId === p.id).map(({ id, name }) => ({ id, name })),
        })),
    }));
  }

  async function one(id: string) {
    const [team] = await list([id]);
    if (!team) throw notFound('Team not found');
    return team;
  }

  async function writePositions(tx: DbOrTx, teamId: string, body: z.output<typeof teamRequest>) {
    const existing = await tx.select({ id: teamPositions.id }).from(teamPositions).where(eq(teamPositions.teamId, teamId));
    const keep = new Set(body.positions.map((p) => p.id).filter(Boolean));
    for (const p of body.positions)
      if (p.id && !existing.some((e) => e.id === p.id)) throw badRequest('A position does not belong to this team');
    const gone = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
    if (gone.length) await tx.delete(teamPositions).where(inArray(teamPositions.id, gone));
    const memberIds = [...new Set(body.positions.flatMap((p) => p.memberIds))];
    if (memberIds.length) {
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, memberIds));
      if (found.length !== memberIds.length) throw badRequest('A team member was not found');
    }
    for (const [i, p] of body.positions.entries()) {
      let id = p.id;
      if (id) await tx.update(teamPositions).set({ name: p.name, needed: p.needed, sortOrder: i }).where(eq(teamPositions.id, id));
      else id = (await tx.insert(teamPositions).values({ teamId, name: p.name, needed: p.needed, sortOrder: i }).returning())[0]!.id;
      await tx.delete(positionMembers).where(eq(positionMembers.positionId, id));
      const unique = [...new Set(p.memberIds)];
      if (unique.length) await tx.insert(positionMembers).values(unique.map((userId) => ({ positionId: id!, userId })));
    }
  }

  async function create(body: z.output<typeof teamRequest>) {
    const id = await d.db.transaction(async (tx) => {
      const [t] = await tx.insert(teams).values({ name: body.name, maxWeeksRunning: body.maxWeeksRunning }).returning();
      await writePositions(tx, t!.id, body);
      return t!.id;
    });
    return one(id);
  }

  async function update(id: string, body: z.output<typeof teamRequest>) {
    await one(id);
    await d.db.transaction(async (tx) => {
      await tx.update(teams).set({ name: body.name, maxWeeksRunning: body.maxWeeksRunning }).where(eq(teams.id, id));
      await writePositions(tx, id, body);
    });
    return one(id);
  }

  async function remove(id: string) {
    const gone = await d.db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    if (!gone.length) throw notFound('Team not found');
  }

  return { list, one, create, update, remove };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
