import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createGoalRequest, Goal, GivingReport, updateGoalRequest } from '@church/contract/giving-reports';
import { centsToRand, randToCents } from '@church/contract/rules/money';
import type { Db } from '../../db/client';
import { givingFunds, givingGoalEvents, givingGoals, users, type GivingGoalRow } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { zonedMidnight } from './period';
import { createReportsRepository } from './reports-repository';
import { share } from './admin-presenter';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today's date (YYYY-MM-DD) and month in the church's time zone. */
function localToday(now: Date, tz: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, y: Number(p.year), m: Number(p.month) };
}

const snapshot = (g: GivingGoalRow) => ({
  name: g.name,
  fund: g.fund,
  targetCents: g.targetCents,
  startsOn: g.startsOn,
  endsOn: g.endsOn,
  archived: g.archived,
});

/** GET /giving/reports and the giving goals a treasurer sets and follows. */
export function createGivingReportsService(d: { db: Db; timeZone: () => Promise<string> }) {
  const repo = createReportsRepository(d.db);

  async function checkFund(fund: string | null | undefined) {
    if (!fund) return;
    const [row] = await d.db.select().from(givingFunds).where(eq(givingFunds.name, fund));
    if (!row) throw badRequest('No fund with that name');
  }

  async function present(rows: GivingGoalRow[], now = new Date()): Promise<Goal[]> {
    if (rows.length === 0) return [];
    const tz = await d.timeZone();
    const progress = await repo.goalsWithProgress(
      tz,
      sql`g.id in (${sql.join(
        rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})`,
    );
    const today = localToday(now, tz).date;
    return rows.map((g) => {
      const p = progress.get(g.id) ?? { cents: 0, n: 0 };
      return {
        _id: g.id,
        id: g.id,
        name: g.name,
        fund: g.fund,
        target: centsToRand(g.targetCents),
        startsOn: g.startsOn,
        endsOn: g.endsOn,
        archived: g.archived,
        raised: centsToRand(p.cents),
        giftCount: p.n,
        percent: Math.round((p.cents / g.targetCents) * 1000) / 10,
        remaining: centsToRand(Math.max(0, g.targetCents - p.cents)),
        state: today < g.startsOn ? 'upcoming' : today > g.endsOn ? 'ended' : 'active',
      };
    });
  }

  async function history(goalId: string) {
    const rows = await d.db
      .select({ e: givingGoalEvents, actorName: users.name })
      .from(givingGoalEvents)
      .leftJoin(users, eq(users.id, givingGoalEvents.actorId))
      .where(eq(givingGoalEvents.goalId, goalId))
      .orderBy(asc(givingGoalEvents.at), asc(givingGoalEvents.id));
    return rows.map(({ e, actorName }) => ({
      kind: e.kind,
      reason: e.reason,
      before: e.before ?? null,
      after: e.after ?? null,
      actorName,
      at: e.at.toISOString(),
    }));
  }

  async function one(id: string) {
    const [row] = await d.db.select().from(givingGoals).where(eq(givingGoals.id, id));
    if (!row) throw notFound('No goal with that id');
    return { goal: (await present([row]))[0]!, history: await history(id) };
  }

  return {
    /**
     * The last `months` calendar months up to and including this one. Every
     * figure is summed by the database over the same completed gifts, so
     * totalGiven = Σ monthlyData = Σ byFund = Σ byMethod.
     */
    async report(q: { months: number; fund?: string }, now = new Date()): Promise<GivingReport> {
      const tz = await d.timeZone();
      const today = localToday(now, tz);
      const keys: string[] = [];
      for (let i = q.months - 1; i >= 0; i--) {
        const idx = today.y * 12 + (today.m - 1) - i;
        keys.push(`${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`);
      }
      const [fy, fm] = keys[0]!.split('-').map(Number) as [number, number];
      const from = zonedMidnight(fy, fm, 1, tz);
      const fund = q.fund || undefined;
      const [monthly, totals, byFund, byMethod] = await Promise.all([
        repo.monthly(from, tz, fund),
        repo.totals(from, fund),
        repo.by('fund', from, fund),
        repo.by('payment_method', from, fund),
      ]);
      const byMonth = new Map(monthly.map((r) => [r.month, r]));
      const months = keys.map((k) => {
        const r = byMonth.get(k);
        const [y, m] = k.split('-').map(Number) as [number, number];
        return {
          month: k,
          label: `${MONTH_NAMES[m - 1]} ${y}`,
          total: centsToRand(r?.cents ?? 0),
          count: r?.n ?? 0,
          donors: r?.donors ?? 0,
        };
      });
      const thisMonth = centsToRand(byMonth.get(keys.at(-1)!)?.cents ?? 0);
      return {
        from: from.toISOString(),
        months: q.months,
        totalGiven: centsToRand(totals.cents),
        monthlyTotal: thisMonth,
        totalAmount: thisMonth,
        monthlyAverage: centsToRand(Math.round(totals.cents / q.months)),
        activeGivers: totals.donors,
        largestGift: centsToRand(totals.largest),
        giftCount: totals.n,
        monthlyLabels: months.map((m) => m.label),
        monthlyData: months.map((m) => m.total),
        monthly: months,
        byFund: byFund.map((b) => ({ fund: b.key, total: centsToRand(b.cents), count: b.n, share: share(b.cents, totals.cents) })),
        byMethod: byMethod.map((b) => ({ method: b.key, total: centsToRand(b.cents), count: b.n })),
      };
    },

    async goals(includeArchived: boolean) {
      const rows = await d.db
        .select()
        .from(givingGoals)
        .where(includeArchived ? undefined : eq(givingGoals.archived, false))
        .orderBy(asc(givingGoals.archived), desc(givingGoals.endsOn), asc(givingGoals.name));
      return present(rows);
    },
    goal: one,

    async createGoal(actorId: string, input: z.output<typeof createGoalRequest>) {
      await checkFund(input.fund);
      const id = await d.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(givingGoals)
          .values({
            name: input.name,
            fund: input.fund ?? null,
            targetCents: randToCents(input.target),
            startsOn: input.startsOn,
            endsOn: input.endsOn,
            createdBy: actorId,
          })
          .returning();
        await tx.insert(givingGoalEvents).values({ goalId: row!.id, kind: 'created', after: snapshot(row!), actorId });
        return row!.id;
      });
      return one(id);
    },

    /** Changes a goal and keeps what it was: one history entry per change, with before, after and the reason. */
    async updateGoal(actorId: string, id: string, input: z.output<typeof updateGoalRequest>) {
      if (input.fund !== undefined) await checkFund(input.fund);
      await d.db.transaction(async (tx) => {
        const [row] = await tx.select().from(givingGoals).where(eq(givingGoals.id, id)).for('update');
        if (!row) throw notFound('No goal with that id');
        const next = {
          name: input.name ?? row.name,
          fund: input.fund === undefined ? row.fund : (input.fund ?? null),
          targetCents: input.target !== undefined ? randToCents(input.target) : row.targetCents,
          startsOn: input.startsOn ?? row.startsOn,
          endsOn: input.endsOn ?? row.endsOn,
          archived: input.archived ?? row.archived,
        };
        if (next.endsOn < next.startsOn) throw badRequest('The end date must be on or after the start date');
        const before = snapshot(row);
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== before[k]);
        if (changed.length === 0) return;
        const [after] = await tx
          .update(givingGoals)
          .set({ ...next, updatedAt: new Date() })
          .where(and(eq(givingGoals.id, id)))
          .returning();
        const kind = changed.length === 1 && changed[0] === 'archived' ? (next.archived ? 'archived' : 'reopened') : 'changed';
        await tx.insert(givingGoalEvents).values({
          goalId: id,
          kind,
          reason: input.reason ?? null,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, snapshot(after!)[k]])),
          actorId,
        });
      });
      return one(id);
    },
  };
}
export type GivingReportsService = ReturnType<typeof createGivingReportsService>;
