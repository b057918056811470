import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_EVENTS } from '@church/contract/webhooks';
import { webhooks } from '../../../db/schema/index';
import type { DomainEvents } from '../../../events/domain-events';
import type { WebhooksService } from './webhooks-service';

/** The webhooks' queue on the domain events backbone (events/domain-events.ts). */
export const WEBHOOKS_SUBSCRIBER = 'webhooks';

/**
 * Webhooks listen to the domain events that are also webhook events. The
 * event's data is the payload's data and its time the payload's timestamp,
 * so integrators receive exactly what they did when modules called the
 * webhooks directly. An event no live endpoint listens for queues nothing.
 */
export function subscribeWebhooks(events: DomainEvents, service: WebhooksService) {
  return events.subscribe({
    name: WEBHOOKS_SUBSCRIBER,
    types: WEBHOOK_EVENTS,
    wants: async (tx, type) => {
      const [row] = await tx
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(and(eq(webhooks.isActive, true), sql`${type} = any(${webhooks.events})`))
        .limit(1);
      return !!row;
    },
    handle: async (tx, event) => {
      const { object, previous } = event.data as { object: unknown; previous?: unknown };
      await service.emit(event.type, object, previous, tx, event.occurredAt);
    },
    // Queueing deliveries is quick; several at once keep a burst of events (an import) from waiting in line.
    jobOptions: { concurrency: 4 },
  });
}
