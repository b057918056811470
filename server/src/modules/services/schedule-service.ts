import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { SERVICE_LIMITS, SERVICE_TEXTS, type respondRequest } from '@church/contract/services';
import type { DbOrTx } from '../../db/client';
import { positionMembers, scheduleAssignments, services, teamPositions, teams, users, type AssignmentRow } from '../../db/schema/index';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { createNotifications } from '../notifications/repository';
import type { ServicesDeps } from './deps';
import { signLink } from './links';
import { presentAssignment } from './presenter';
import { assignmentById } from './queries';
import { isBlockedOut, isQualified, servingThatDay, weeksRunningWith } from './rules';

export const RESPOND_PURPOSE = 'schedule-respond';
const REMIND_JOB = 'services.remind-unconfirmed';

/** Asking people to serve, their one-tap answers, swaps, and reminders to the unconfirmed. */
export function createScheduleService(d: ServicesDeps) {
  async function context(tx: DbOrTx, serviceId: string, positionId: string) {
    const [row] = await tx
      .select({ service: services, position: teamPositions, team: teams })
      .from(teamPositions)
      .innerJoin(teams, eq(teams.id, teamPositions.teamId))
      .innerJoin(services, eq(services.id, serviceId))
      .where(eq(teamPositions.id, positionId));
    if (!row) throw notFound('Service or position not found');
    return row;
  }

  /** Why this person cannot take this place, or null. */
  async function problem(tx: DbOrTx, userId: string, name: string, ctx: Awaited<ReturnType<typeof context>>) {
    if (!(await isQualified(tx, userId, ctx.position.id))) return SERVICE_TEXTS.notQualified;
    if (await isBlockedOut(tx, userId, ctx.service.serviceDay)) return SERVICE_TEXTS.blockedOut(name);
    const sameDay = await servingThatDay(tx, userId, ctx.service.serviceDay);
    if (sameDay.some((s) => s.serviceId === ctx.service.id)) return SERVICE_TEXTS.alreadyServing(name);
    const run = await weeksRunningWith(tx, userId, ctx.service.serviceDay, ctx.team.maxWeeksRunning, ctx.service.id);
    if (run > ctx.team.maxWeeksRunning) return SERVICE_TEXTS.tooManyWeeks(name, ctx.team.maxWeeksRunning);
    return null;
  }

  async function personName(tx: DbOrTx, userId: string) {
    const [u] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    if (!u) throw notFound('Person not found');
    return u;
  }

  /** Notification, e-mail with the one-tap link, and the reminder job — in the caller's transaction. */
  // churchName is read before the transaction: on the embedded database (one connection) a read outside
  // the open transaction would wait for it forever.
  async function ask(
    tx: DbOrTx,
    a: AssignmentRow,
    ctx: Awaited<ReturnType<typeof context>>,
    person: { name: string; email: string | null },
    church: string,
  ) {
    const when = `${ctx.service.serviceDay} ${ctx.service.localTime}`;
    const link = `${d.publicUrl}/serve/${signLink(d.hashKey, RESPOND_PURPOSE, a.id)}`;
    await createNotifications(tx, [
      {
        userId: a.userId,
        type: 'event',
        title: 'Can you serve?',
        message: `${ctx.team.name} · ${ctx.position.name} — ${ctx.service.title}, ${when}. Accept or decline in one tap.`,
        link: '/my-schedule',
      },
    ]);
    // Someone recorded without an e-mail (issue 31) is asked in the app only.
    if (person.email)
      await d.mailer.send(
        {
          to: person.email,
          kind: 'schedule',
          subject: `Can you serve on ${ctx.service.serviceDay}? (${ctx.position.name})`,
          text: `Hello ${person.name},\n\nYou are asked to serve as ${ctx.position.name} (${ctx.team.name}) at ${ctx.service.title}, ${when}.\n\nAccept or decline in one tap: ${link}\n\n${church}`,
        },
        { tx },
      );
    const remindAt = ctx.service.startsAt.getTime() - SERVICE_LIMITS.reminderDays * 86_400_000;
    if (remindAt > Date.now()) await reminder.send({ assignmentId: a.id }, { tx, startAfter: new Date(remindAt) });
  }

  const reminder = d.jobs.define(
    REMIND_JOB,
    z.object({ assignmentId: z.string().uuid() }),
    async ({ assignmentId }) => {
      const [row] = await d.db
        .select({ a: scheduleAssignments, service: services, email: users.email, name: users.name })
        .from(scheduleAssignments)
        .innerJoin(services, eq(services.id, scheduleAssignments.serviceId))
        .innerJoin(users, eq(users.id, scheduleAssignments.userId))
        .where(eq(scheduleAssignments.id, assignmentId));
      // Answered, swapped or removed since, or the service has passed: nothing to remind.
      if (!row || row.a.status !== 'pending' || row.service.startsAt.getTime() < Date.now()) return { reminded: false };
      const link = `${d.publicUrl}/serve/${signLink(d.hashKey, RESPOND_PURPOSE, assignmentId)}`;
      await d.db.transaction(async (tx) => {
        const made = await createNotifications(tx, [
          {
            userId: row.a.userId,
            type: 'event',
            title: 'Please confirm: are you serving?',
            message: `${row.service.title}, ${row.service.serviceDay} ${row.service.localTime} — you have not answered yet.`,
            link: '/my-schedule',
            dedupeKey: `schedule-remind:${assignmentId}`,
          },
        ]);
        if (made.length && row.email)
          await d.mailer.send(
            {
              to: row.email,
              kind: 'schedule',
              subject: `Reminder: are you serving on ${row.service.serviceDay}?`,
              text: `Hello ${row.name},\n\nYou have not yet answered whether you can serve at ${row.service.title}, ${row.service.serviceDay} ${row.service.localTime}.\n\nAccept or decline in one tap: ${link}`,
            },
            { tx },
          );
      });
      return { reminded: true };
    },
    { retryLimit: 3 },
  );

  async function schedule(actorId: string, serviceId: string, body: { positionId: string; userId: string }) {
    const church = await d.churchName();
    const created = await d.db.transaction(async (tx) => {
      const ctx = await context(tx, serviceId, body.positionId);
      if (ctx.service.startsAt.getTime() < Date.now()) throw badRequest(SERVICE_TEXTS.serviceInPast);
      const person = await personName(tx, body.userId);
      const why = await problem(tx, body.userId, person.name, ctx);
      if (why) throw conflict(why);
      const [a] = await tx
        .insert(scheduleAssignments)
        .values({ serviceId, positionId: body.positionId, userId: body.userId, createdBy: actorId })
        .returning();
      await ask(tx, a!, ctx, person, church);
      return a!;
    });
    return presentAssignment((await assignmentById(d.db, created.id))!);
  }

  async function load(tx: DbOrTx, id: string) {
    const [a] = await tx.select().from(scheduleAssignments).where(eq(scheduleAssignments.id, id)).for('update');
    if (!a) throw notFound('That request to serve was not found');
    return a;
  }

  /** Leaders hear about a decline (who asked, or every planner when nobody did). */
  async function tellLeaders(tx: DbOrTx, a: AssignmentRow, text: string) {
    if (!a.createdBy || a.createdBy === a.userId) return;
    await createNotifications(tx, [
      { userId: a.createdBy, type: 'event', title: 'Schedule answer', message: text, link: `/services/${a.serviceId}` },
    ]);
  }

  async function respond(userId: string, id: string, body: z.output<typeof respondRequest>) {
    await d.db.transaction(async (tx) => {
      const a = await load(tx, id);
      if (a.userId !== userId) throw forbidden(SERVICE_TEXTS.notYours);
      const ok = body.response === 'accept' ? a.status === 'pending' : a.status === 'pending' || a.status === 'accepted';
      if (!ok) throw conflict(SERVICE_TEXTS.notPending);
      const ctx = await context(tx, a.serviceId, a.positionId);
      if (ctx.service.startsAt.getTime() < Date.now()) throw badRequest(SERVICE_TEXTS.serviceInPast);
      if (body.substituteId) {
        if (body.response !== 'decline') throw badRequest('A substitute is proposed only with a decline');
        if (!(await candidateIds(tx, a)).includes(body.substituteId)) throw conflict(SERVICE_TEXTS.notFree);
      }
      await tx
        .update(scheduleAssignments)
        .set({
          status: body.response === 'accept' ? 'accepted' : 'declined',
          reason: body.response === 'decline' ? body.reason || null : null,
          proposedSubstituteId: body.substituteId ?? null,
          respondedAt: new Date(),
        })
        .where(eq(scheduleAssignments.id, id));
      const me = await personName(tx, userId);
      const object = {
        id,
        serviceId: a.serviceId,
        serviceDate: ctx.service.serviceDay,
        positionId: a.positionId,
        position: ctx.position.name,
        team: ctx.team.name,
        personId: userId,
        status: body.response === 'accept' ? 'accepted' : 'declined',
        reason: body.response === 'decline' ? body.reason || null : null,
        proposedSubstituteId: body.substituteId ?? null,
      };
      await d.emit(tx, body.response === 'accept' ? 'schedule.accepted' : 'schedule.declined', { object });
      if (body.response === 'decline')
        await tellLeaders(
          tx,
          a,
          `${me.name} cannot serve as ${ctx.position.name} on ${ctx.service.serviceDay}${body.reason ? `: ${body.reason}` : ''}`,
        );
    });
    return presentAssignment((await assignmentById(d.db, id))!);
  }

  /** Qualified team members free that day (not blocked out, not serving, within the weeks-running rule). */
  async function candidateIds(tx: DbOrTx, a: AssignmentRow) {
    const ctx = await context(tx, a.serviceId, a.positionId);
    const qualified = await tx
      .select({ id: users.id, name: users.name })
      .from(positionMembers)
      .innerJoin(users, eq(users.id, positionMembers.userId))
      .where(and(eq(positionMembers.positionId, a.positionId), ne(users.id, a.userId), eq(users.isActive, true)));
    const free: string[] = [];
    for (const q of qualified) {
      if (await isBlockedOut(tx, q.id, ctx.service.serviceDay)) continue;
      if ((await servingThatDay(tx, q.id, ctx.service.serviceDay)).length) continue;
      if ((await weeksRunningWith(tx, q.id, ctx.service.serviceDay, ctx.team.maxWeeksRunning, ctx.service.id)) > ctx.team.maxWeeksRunning)
        continue;
      free.push(q.id);
    }
    return free;
  }

  async function candidates(actor: { id: string; manages: boolean }, id: string) {
    const a = await load(d.db, id);
    if (a.userId !== actor.id && !actor.manages) throw forbidden(SERVICE_TEXTS.notYours);
    const ids = await candidateIds(d.db, a);
    if (!ids.length) return [];
    return d.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)).orderBy(users.name);
  }

  /** The person (or a leader) hands the place to a free team member: the old row stays as 'swapped'. */
  async function swap(actor: { id: string; manages: boolean }, id: string, toUserId: string) {
    const church = await d.churchName();
    const newId = await d.db.transaction(async (tx) => {
      const a = await load(tx, id);
      if (a.userId !== actor.id && !actor.manages) throw forbidden(SERVICE_TEXTS.notYours);
      if (a.status !== 'pending' && a.status !== 'accepted') throw conflict(SERVICE_TEXTS.notPending);
      const ctx = await context(tx, a.serviceId, a.positionId);
      if (ctx.service.startsAt.getTime() < Date.now()) throw badRequest(SERVICE_TEXTS.serviceInPast);
      if (!(await candidateIds(tx, a)).includes(toUserId)) throw conflict(SERVICE_TEXTS.notFree);
      const person = await personName(tx, toUserId);
      const [b] = await tx
        .insert(scheduleAssignments)
        .values({ serviceId: a.serviceId, positionId: a.positionId, userId: toUserId, createdBy: a.createdBy ?? actor.id })
        .returning();
      await tx
        .update(scheduleAssignments)
        .set({ status: 'swapped', replacedBy: b!.id, respondedAt: new Date() })
        .where(eq(scheduleAssignments.id, id));
      await ask(tx, b!, ctx, person, church);
      await tellLeaders(
        tx,
        a,
        `${(await personName(tx, a.userId)).name} handed ${ctx.position.name} on ${ctx.service.serviceDay} to ${person.name}`,
      );
      return b!.id;
    });
    return presentAssignment((await assignmentById(d.db, newId))!);
  }

  /** A leader takes someone off: the row stays as 'removed', so the history shows it. */
  async function remove(id: string) {
    await d.db.transaction(async (tx) => {
      const a = await load(tx, id);
      if (a.status !== 'pending' && a.status !== 'accepted') throw conflict('Only a pending or accepted place can be removed');
      await tx.update(scheduleAssignments).set({ status: 'removed' }).where(eq(scheduleAssignments.id, id));
    });
    return presentAssignment((await assignmentById(d.db, id))!);
  }

  return { schedule, respond, candidates, swap, remove, reminder };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
