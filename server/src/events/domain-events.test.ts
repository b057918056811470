import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@church/contract/domain-events';
import { domainEventReceipts, domainEvents } from '../db/schema/index';
import { JOBS_SCHEMA } from '../jobs/executor';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDomainEvents, subscriberQueue } from './domain-events';
import { deleteOldEvents, EVENT_RETENTION_DAYS } from './retention';

/**
 * The backbone itself, with subscribers of the test's own on the app's
 * database and job queue: the outbox row and the subscribers' jobs are
 * written with the change or not at all; each subscriber handles an event
 * once, however often its job runs; a failure is retried with nothing half-done.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (id: string, name = 'Sipho Dlamini') => ({
  _id: id,
  id,
  name,
  role: 'member',
  status: 'active',
  isVolunteer: false,
  joinDate: '2026-01-04',
  ministryInterests: [],
});
const ID = '6f1c1d56-3a4e-4c39-9a53-5d5a3f0c0001';

/** A queue defined after the app started is created in the background: wait for it before sending in a transaction. */
const ready = () => t.ctx.jobs.ready();

async function jobsFor(queue: string) {
  const res = await t.database.db.execute(sql.raw(`select data->>'eventId' as id from ${JOBS_SCHEMA}.job where name = '${queue}'`));
  return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

describe('domain events', () => {
  it('are recorded with the change and queued for each subscriber that wants them; a rolled-back change leaves neither', async () => {
    const events = createDomainEvents({ db: t.database.db, jobs: t.ctx.jobs, strict: true });
    const seen: DomainEvent[] = [];
    events.subscribe({ name: 't-members', types: ['member.created'], handle: async (_tx, e) => void seen.push(e) });
    events.subscribe({ name: 't-nobody', types: ['member.created'], wants: async () => false, handle: async () => {} });
    events.subscribe({ name: 't-gifts', types: ['donation.received'], handle: async () => {} });
    await ready();

    await t.database.db.transaction((tx) => events.emit(tx, 'member.created', { object: member(ID) }));
    const [row] = await t.database.db.select().from(domainEvents).where(sql`${domainEvents.data}->'object'->>'id' = ${ID}`);
    expect(row!.type).toBe('member.created');
    expect(await jobsFor(subscriberQueue('t-members'))).toEqual([row!.id]);
    expect(await jobsFor(subscriberQueue('t-nobody'))).toEqual([]);
    expect(await jobsFor(subscriberQueue('t-gifts'))).toEqual([]);

    const other = '6f1c1d56-3a4e-4c39-9a53-5d5a3f0c0002';
    await expect(
      t.database.db.transaction(async (tx) => {
        await events.emit(tx, 'member.created', { object: member(other) });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.select().from(domainEvents).where(sql`${domainEvents.data}->'object'->>'id' = ${other}`)).toEqual([]);
    expect(await jobsFor(subscriberQueue('t-members'))).toEqual([row!.id]);

    await t.ctx.jobs.drain({ names: events.queues() });
    expect(seen).toEqual([{ id: row!.id, type: 'member.created', data: { object: member(ID) }, occurredAt: row!.occurredAt.toISOString() }]);
  });

  it('a subscriber handles an event once, even when its job runs twice', async () => {
    const events = createDomainEvents({ db: t.database.db, jobs: t.ctx.jobs });
    let calls = 0;
    const { queue } = events.subscribe({ name: 't-once', types: ['member.updated'], handle: async () => void calls++ });
    await ready();
    await t.database.db.transaction((tx) => events.emit(tx, 'member.updated', { object: member(ID, 'B'), previous: member(ID, 'A') }));
    const [eventId] = await jobsFor(queue);
    // A worker that died after its commit, before the queue heard: the job runs again.
    await t.ctx.jobs.send(queue, { eventId });
    await t.ctx.jobs.drain({ names: [queue] });
    expect(calls).toBe(1);
    expect(await t.database.db.select().from(domainEventReceipts).where(eq(domainEventReceipts.eventId, eventId!))).toHaveLength(1);
  });

  it('a failing subscriber is retried, and what it wrote before failing is rolled back', async () => {
    const events = createDomainEvents({ db: t.database.db, jobs: t.ctx.jobs });
    let attempts = 0;
    const written: string[] = [];
    const { queue } = events.subscribe({
      name: 't-flaky',
      types: ['event.created'],
      handle: async (tx) => {
        attempts++;
        await tx.execute(sql`select 1`);
        if (attempts === 1) throw new Error('provider down');
        written.push('done');
      },
      jobOptions: { retryDelaySeconds: 1 },
    });
    await ready();
    await t.database.db.transaction((tx) =>
      events.emit(tx, 'event.created', {
        object: {
          id: ID,
          title: 'Youth camp',
          description: '',
          startsAt: '2026-12-12T08:00:00.000Z',
          endsAt: null,
          time: '10:00',
          location: 'Hall',
          type: 'social',
          category: null,
          speaker: null,
          maxAttendees: null,
          registrationRequired: false,
        },
      }),
    );
    const [eventId] = await jobsFor(queue);
    await t.ctx.jobs.drain({ names: [queue] });
    // The failed attempt left no receipt: the retry handles it.
    expect(await t.database.db.select().from(domainEventReceipts).where(eq(domainEventReceipts.eventId, eventId!))).toEqual([]);
    await t.ctx.jobs.drain({ names: [queue], retryNow: true });
    expect(attempts).toBe(2);
    expect(written).toEqual(['done']);
  });

  it('refuses, in development and tests, an event that does not match its catalogue entry', async () => {
    const events = createDomainEvents({ db: t.database.db, jobs: t.ctx.jobs, strict: true });
    await expect(
      t.database.db.transaction((tx) => events.emit(tx, 'member.created', { object: { id: ID } } as never)),
    ).rejects.toThrow(/member\.created does not match its catalogue entry/);
  });

  it(`are deleted after ${EVENT_RETENTION_DAYS} days; a job still pointing at one does nothing`, async () => {
    const events = createDomainEvents({ db: t.database.db, jobs: t.ctx.jobs });
    let calls = 0;
    const { queue } = events.subscribe({ name: 't-late', types: ['prayer.approved'], handle: async () => void calls++ });
    await ready();
    const prayer = {
      id: ID,
      title: 'Rain',
      description: 'For the farms',
      submittedBy: 'Anonymous',
      status: 'approved',
      isPublic: true,
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    await t.database.db.transaction((tx) => events.emit(tx, 'prayer.approved', { object: prayer }));
    const later = new Date(Date.now() + (EVENT_RETENTION_DAYS + 1) * 86_400_000);
    expect(await deleteOldEvents(t.database.db, later)).toBeGreaterThan(0);
    await t.ctx.jobs.drain({ names: [queue] });
    expect(calls).toBe(0);
  });
});
