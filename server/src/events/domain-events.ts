import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DOMAIN_EVENTS, type DomainEvent, type DomainEventData, type DomainEventType } from '@church/contract/domain-events';
import type { Db, DbOrTx, Tx } from '../db/client';
import { domainEventReceipts, domainEvents } from '../db/schema/index';
import type { DefineOptions, JobHandle, JobQueue } from '../jobs/queue';

/**
 * The domain events backbone (README.md beside this file says how to add an
 * event or a subscriber).
 *
 *  - `emit(tx, type, data)`: a module records what happened in the
 *    transaction that made the change — one outbox row (domain_events), and
 *    one job per subscriber that listens for that type. A rolled-back change
 *    leaves neither; a committed one is never lost.
 *  - `subscribe({ name, types, handle })`: a subscriber's jobs run on the
 *    queue `events.<name>`, retried with back-off like every job; each runs
 *    `handle` in a transaction that also writes a receipt, so a job that runs
 *    twice (its worker died after the commit) handles the event once.
 *
 * Modules never import their subscribers: webhooks, notifications and
 * channels come to the events.
 */

export interface Subscriber<T extends DomainEventType = DomainEventType> {
  /** A short, stable name: the job queue is `events.<name>`, receipts carry it. */
  name: string;
  types: readonly T[];
  /**
   * Asked in the emitting transaction, once per type and emit: false queues no job for it
   * (webhooks: no live endpoint listens). Keep it one cheap query.
   */
  wants?: (tx: DbOrTx, type: T) => Promise<boolean>;
  /** Runs in a transaction of its own; throw to retry (the job queue's back-off). */
  handle: (tx: Tx, event: DomainEvent<T>) => Promise<void>;
  jobOptions?: DefineOptions;
}

/** What a module is handed to record its events. */
export type EmitEvent = <T extends DomainEventType>(tx: DbOrTx, type: T, data: DomainEventData<T>) => Promise<void>;
export type EmitEvents = (tx: DbOrTx, events: { [T in DomainEventType]: { type: T; data: DomainEventData<T> } }[DomainEventType][]) => Promise<void>;

/** For services built without the backbone (unit tests): records nothing. */
export const noEvents: EmitEvent = async () => {};
export const noEventList: EmitEvents = async () => {};

export const subscriberQueue = (name: string) => `events.${name}`;
const jobData = z.object({ eventId: z.uuid() });

interface Registered {
  sub: Subscriber;
  job: JobHandle<z.infer<typeof jobData>>;
}

export function createDomainEvents(o: { db: Db; jobs: JobQueue; strict?: boolean }) {
  const registered: Registered[] = [];

  async function handleOnce(sub: Subscriber, eventId: string) {
    return o.db.transaction(async (tx) => {
      const [row] = await tx.select().from(domainEvents).where(eq(domainEvents.id, eventId));
      // Past retention (events/retention.ts) or never committed: nothing to do.
      if (!row) return { handled: false, reason: 'gone' };
      const [fresh] = await tx
        .insert(domainEventReceipts)
        .values({ eventId, subscriber: sub.name })
        .onConflictDoNothing()
        .returning({ eventId: domainEventReceipts.eventId });
      if (!fresh) return { handled: false, reason: 'already handled' };
      await sub.handle(tx, {
        id: row.id,
        type: row.type as DomainEventType,
        data: row.data as never,
        occurredAt: row.occurredAt.toISOString(),
      });
      return { handled: true };
    });
  }

  const emitMany: EmitEvents = async (tx, list) => {
    if (list.length === 0) return;
    if (o.strict)
      for (const e of list) {
        const r = DOMAIN_EVENTS[e.type].safeParse(e.data);
        if (!r.success) throw new Error(`domain event ${e.type} does not match its catalogue entry: ${r.error.message}`);
      }
    // One instant for the batch, from this process's clock (as the webhook timestamps always were).
    const occurredAt = new Date();
    const rows = await tx
      .insert(domainEvents)
      .values(list.map((e) => ({ type: e.type, data: e.data, occurredAt })))
      .returning({ id: domainEvents.id, type: domainEvents.type });
    const types = [...new Set(rows.map((r) => r.type as DomainEventType))];
    for (const { sub, job } of registered) {
      const wanted = new Set<string>();
      for (const type of types)
        if (sub.types.includes(type) && (!sub.wants || (await sub.wants(tx, type)))) wanted.add(type);
      const ids = rows.filter((r) => wanted.has(r.type)).map((r) => ({ eventId: r.id }));
      if (ids.length) await job.sendMany(ids, { tx });
    }
  };

  return {
    emit: ((tx, type, data) => emitMany(tx, [{ type, data } as never])) as EmitEvent,
    emitMany,

    /** Register before the server starts its workers (modules.ts). */
    subscribe<T extends DomainEventType>(sub: Subscriber<T>) {
      if (registered.some((r) => r.sub.name === sub.name)) throw new Error(`subscriber ${sub.name} is registered twice`);
      const job = o.jobs.define(subscriberQueue(sub.name), jobData, (data) => handleOnce(sub as unknown as Subscriber, data.eventId), {
        retryLimit: 5,
        retryDelaySeconds: 5,
        concurrency: 2,
        ...sub.jobOptions,
      });
      registered.push({ sub: sub as unknown as Subscriber, job });
      return { queue: job.name };
    },

    /** The subscriber queues, for tests that drain them (`jobs.drain({ names: events.queues() })`). */
    queues: () => registered.map((r) => r.job.name),
  };
}
export type DomainEvents = ReturnType<typeof createDomainEvents>;
