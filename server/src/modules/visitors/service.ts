import type { z } from 'zod';
import { normalizeEmail } from '@church/contract/rules/email';
import type { createVisitorRequest, VisitorStatus } from '@church/contract/visitors';
import { badRequest, notFound } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { LeaderAlerts } from '../care/alerts';
import type { VisitorsRepository } from './repository';

/** Quick Registration is public: a handful per address per hour is plenty for a family, too few for a spam run. */
export const VISITOR_SIGNUPS_PER_HOUR = 10;

/** Today's date (YYYY-MM-DD) in the church's time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function createVisitorsService({
  repo,
  limiter,
  timeZone,
  alerts,
}: {
  repo: VisitorsRepository;
  limiter: RateLimiter;
  timeZone: () => Promise<string>;
  alerts?: LeaderAlerts;
}) {
  return {
    async register(input: z.output<typeof createVisitorRequest>, ip: string) {
      await limiter.consume(
        `visitors:ip:${ip}`,
        VISITOR_SIGNUPS_PER_HOUR,
        60 * 60_000,
        'Too many registrations from this connection. Please try again later.',
      );
      const today = todayIn(await timeZone());
      // A first visit can be planned (next Sunday) but not years out.
      if (input.firstVisitDate && input.firstVisitDate > todayIn('UTC', new Date(Date.now() + 366 * 86_400_000))) {
        throw badRequest('First visit date must be within the next year');
      }
      const row = await repo.insert({
        firstName: input.firstName,
        lastName: input.lastName,
        email: normalizeEmail(input.email),
        phone: input.phone || null,
        firstVisitDate: input.firstVisitDate ?? today,
        howHeard: input.howHeard ?? null,
        interests: input.interests,
      });
      await alerts?.notify({
        topic: 'visitors',
        title: 'New visitor',
        message: `${row.firstName} ${row.lastName} registered as a visitor (first visit ${row.firstVisitDate}).`,
        link: '/visitors',
      });
      return row;
    },
    async stats() {
      const today = todayIn(await timeZone());
      return repo.stats(`${today.slice(0, 7)}-01`);
    },
    recent: (limit: number) => repo.recent(limit),
    /** A leader's change to someone's record: the change and its audit line commit together. */
    async setStatus(actor: AuditActor, id: string, status: VisitorStatus) {
      return repo.transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) throw notFound('Visitor not found');
        if (before.status === status) return before;
        const after = await repo.setStatus(tx, id, status);
        await recordAudit(tx, {
          ...actor,
          action: 'visitor.updated',
          entityType: 'visitor',
          entityId: id,
          summary: `Follow-up of visitor ${before.firstName} ${before.lastName}: status`,
          before: { status: before.status },
          after: { status },
        });
        return after;
      });
    },
  };
}
export type VisitorsService = ReturnType<typeof createVisitorsService>;
