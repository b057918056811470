import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { createFormat } from '@church/contract/i18n/format';
import { ALL_DAY } from '@church/contract/events-constants';
import type { Tx } from '../../db/client';
import { churchSettings, eventRegistrations, events, users, type EventRow } from '../../db/schema/index';
import type { DomainEvents } from '../../events/domain-events';
import type { Mailer } from '../../lib/mailer';
import { createNotifications } from '../notifications/repository';
import { readSettings } from '../settings/service';

/** The notices' queue on the domain events backbone (events/domain-events.ts). */
export const EVENT_NOTICES_SUBSCRIBER = 'event-notices';
const LINK = '/mobile/events';

/** Notification and e-mail texts (issue 31): what people read when an event changes under them. */
export const EVENT_NOTICE_TEXTS = {
  cancelledTitle: 'Event cancelled',
  cancelled: (title: string, when: string, reason: string | null) =>
    `${title} (${when}) has been cancelled.${reason ? ` Reason: ${reason}` : ''}`,
  announcedTitle: 'New event',
  announced: (title: string, when: string, location: string | null) => `${title}: ${when}${location ? ` at ${location}` : ''}.`,
  promotedTitle: 'You have a place',
  promoted: (title: string, when: string) =>
    `A place opened at ${title} (${when}): you have moved up from the waiting list and are now registered.`,
};

/**
 * Tells people about their events (issue 31): a cancellation to everyone registered or waiting, a new
 * event to the members when its creator chose to announce it, a place to the person who moved up from
 * the waiting list. In the app always; by e-mail to those with an address (announcements only to those
 * who agreed to e-mail from the church). The events module emits; it does not know this listens.
 *
 * Everything is read through the handler's transaction: on the embedded database (one connection) a read
 * outside it would wait for it forever.
 */
export function subscribeEventNotices(domain: DomainEvents, { mailer }: { mailer: Mailer }) {
  async function church(tx: Tx) {
    const [row] = await tx.select().from(churchSettings).where(eq(churchSettings.id, 1)).limit(1);
    const s = readSettings(row?.data);
    return { name: s.churchName, format: createFormat({ locale: 'en-ZA', timeZone: s.timeZone }) };
  }
  const whenOf = (event: EventRow, format: ReturnType<typeof createFormat>) =>
    `${format.dayDate(event.startsAt)}, ${event.time ? format.clock(event.time) : ALL_DAY}`;
  async function eventById(tx: Tx, id: string) {
    const [event] = await tx.select().from(events).where(eq(events.id, id));
    return event;
  }
  const signOff = (name: string) => `\n\n${name}`;

  return domain.subscribe({
    name: EVENT_NOTICES_SUBSCRIBER,
    types: ['event.cancelled', 'event.announced', 'event.waitlist_promoted'],
    handle: async (tx, e) => {
      if (e.type === 'event.cancelled') {
        const { object } = e.data as { object: { id: string; cancellationReason: string | null } };
        const event = await eventById(tx, object.id);
        if (!event) return; // deleted since
        const c = await church(tx);
        const when = whenOf(event, c.format);
        const people = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(eventRegistrations)
          .innerJoin(users, eq(users.id, eventRegistrations.userId))
          .where(and(eq(eventRegistrations.eventId, event.id), isNull(users.erasedAt)));
        const message = EVENT_NOTICE_TEXTS.cancelled(event.title, when, object.cancellationReason);
        await createNotifications(
          tx,
          people.map((p) => ({
            userId: p.id,
            type: 'event' as const,
            title: EVENT_NOTICE_TEXTS.cancelledTitle,
            message,
            link: LINK,
            dedupeKey: `event-cancelled:${event.id}:${p.id}`,
          })),
        );
        // About an event they signed up for: sent like a reminder, not church news (no consent needed).
        for (const p of people)
          if (p.email)
            await mailer.send(
              {
                to: p.email,
                kind: 'event',
                subject: `Cancelled: ${event.title}`,
                text: `Hello ${p.name},\n\n${message}${signOff(c.name)}`,
              },
              { tx },
            );
        return;
      }
      if (e.type === 'event.announced') {
        const { eventId, byEmail } = e.data as { eventId: string; byEmail: boolean };
        const event = await eventById(tx, eventId);
        if (!event || event.cancelledAt) return;
        const c = await church(tx);
        const message = EVENT_NOTICE_TEXTS.announced(event.title, whenOf(event, c.format), event.location);
        const audience = and(
          isNull(users.erasedAt),
          eq(users.isActive, true),
          ne(users.role, 'developer'),
          event.createdBy ? ne(users.id, event.createdBy) : undefined,
        );
        // One statement for the whole congregation, however large.
        await tx.execute(sql`
          insert into notifications (user_id, type, title, message, link, dedupe_key)
          select ${users.id}, 'event', ${EVENT_NOTICE_TEXTS.announcedTitle}, ${message}, ${LINK}, 'event-announced:' || ${event.id}::text || ':' || ${users.id}::text
            from ${users} where ${audience}
          on conflict (dedupe_key) do nothing`);
        if (!byEmail) return;
        const withEmail = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(and(audience, sql`${users.email} is not null`));
        const details = event.description ? `\n\n${event.description}` : '';
        for (const p of withEmail)
          await mailer.send(
            {
              to: p.email!,
              kind: 'event',
              subject: `New event: ${event.title}`,
              text: `Hello ${p.name},\n\n${message}${details}${signOff(c.name)}`,
              // Church news: sent only while they still agree to e-mail from the church.
              consent: { userId: p.id, kind: 'email_church' },
            },
            { tx },
          );
        return;
      }
      if (e.type === 'event.waitlist_promoted') {
        const { eventId, userId } = e.data as { eventId: string; userId: string };
        const event = await eventById(tx, eventId);
        const [person] = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.erasedAt)));
        if (!event || !person) return;
        const c = await church(tx);
        const message = EVENT_NOTICE_TEXTS.promoted(event.title, whenOf(event, c.format));
        await createNotifications(tx, [
          {
            userId,
            type: 'event',
            title: EVENT_NOTICE_TEXTS.promotedTitle,
            message,
            link: LINK,
            dedupeKey: `event-promoted:${e.id}`,
          },
        ]);
        if (person.email)
          await mailer.send(
            {
              to: person.email,
              kind: 'event',
              subject: `You have a place: ${event.title}`,
              text: `Hello ${person.name},\n\n${message}${signOff(c.name)}`,
            },
            { tx },
          );
      }
    },
  });
}
