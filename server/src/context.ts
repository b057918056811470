import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DomainEvents } from './events/domain-events';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './lib/mailer';
import type { RateLimiter } from './lib/rate-limiter';
import type { Sealer } from './lib/seal';
import type { TokenService } from './lib/tokens';
import type { ConsentService } from './modules/consents/service';
import type { WebhookNetwork } from './modules/developers/webhooks/network';
import type { StartupWork } from './modules/health/startup-work';

/**
 * The application context, in a file of its own: modules, the realtime
 * hub and the developer platform import this type without importing
 * app.ts (which imports them), so no import circle runs through the app.
 * What modules may be handed: each module picks what it needs in modules.ts.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Durable job queue (server/src/jobs/queue.ts); workers run only after start() in start.ts. */
  jobs: JobQueue;
  /** A key derived from the server secret for keyed hashes that must agree across instances (sermon view counting). */
  hashKey: Buffer;
  /** Seals a secret kept in the database under a key derived from the server secret (lib/seal.ts), one key per purpose. */
  sealer: (purpose: string) => Sealer;
  /** Members' consents (modules/consents/service.ts): `consents.has(userId, 'email_church')`. */
  consents: ConsentService;
  /** The domain events backbone (events/domain-events.ts): `events.emit(tx, 'member.created', { object })`, `events.subscribe(...)`. */
  events: DomainEvents;
  /** Stubs for webhook delivery's DNS and sockets (tests); modules/developers/register.ts says what is used otherwise. */
  webhookNetwork?: WebhookNetwork;
  /** What the start left running after listening (start.ts sets it; /api/health reports it). */
  startup: StartupWork;
}
