import crypto from 'node:crypto';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { ServerFrame } from '@church/contract/chat/frames';
import type { Permission } from '@church/contract/roles';

/** What crosses instances. Frames are already in the shape clients receive. */
export type BusEvent =
  | { t: 'room'; roomId: string; frame: ServerFrame; exceptUserId?: string }
  | { t: 'user'; userId: string; frame: ServerFrame }
  /** To every socket whose person holds this permission now (live boards: the check-in manager, issue 33). */
  | { t: 'permission'; permission: Permission; frame: ServerFrame }
  | { t: 'membership'; roomId: string; userId: string; joined: boolean }
  /** The person's token version changed (password, e-mail, role, disabled, deleted): every instance closes their sockets. */
  | { t: 'session-ended'; userId: string }
  /**
   * Sessions (sign-ins) of this person were revoked or deleted (sent by the database itself: a trigger,
   * migration 0044): every instance forgets them and closes the chat sockets opened with them.
   */
  | { t: 'sessions-revoked'; userId: string; sessionIds: string[] }
  /** A write changed what anonymous public reads show (plugins/public-cache.ts): every instance drops its kept answers. */
  | { t: 'public-changed'; topics: string[] }
  /**
   * Users rows changed or were deleted (sent by the database itself: a trigger, migration 0031, when the
   * change commits); no ids means any. Each instance drops what it keeps of them (plugins/user-cache.ts).
   */
  | { t: 'users-changed'; userIds?: string[] }
  /** A developer API key was revoked (modules/developers/key-cache.ts): every instance forgets it at once. */
  | { t: 'api-key-revoked'; keyId: string }
  /**
   * Jobs of queue `name` are due at `at` (epoch ms) or now (sent by the database itself as the change
   * commits: jobs/executor.ts): every instance's idle workers of that queue look for them then.
   */
  | { t: 'jobs-due'; name: string; at: number }
  /**
   * Local only, never published: this instance's LISTEN connection was lost and is back. Events other
   * instances published meanwhile never reached it, so its clients must reload what they show.
   */
  | { t: 'resync' };

export interface ChatBus {
  readonly kind: 'memory' | 'postgres';
  /** Delivers to this instance at once and, with PostgreSQL, to every other instance. */
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

function fanOut(handlers: Set<(e: BusEvent) => void>, event: BusEvent) {
  for (const h of handlers) {
    try {
      h(event);
    } catch {
      // One failing listener must not stop delivery to the others.
    }
  }
}

export const CHANNEL = 'church_chat';

/** The origin of events the database itself announces (a trigger's pg_notify, see migration 0029): no instance's. */
export const DATABASE_ORIGIN = 'database';

/**
 * One process (PGlite): events never leave the process. With `pglite`, what
 * the database announces on the bus channel (a session ended, from a trigger)
 * is delivered too, as it commits.
 */
export function createMemoryBus(opts: { pglite?: PGlite } = {}): ChatBus {
  const handlers = new Set<(e: BusEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  return {
    kind: 'memory',
    publish: async (event) => fanOut(handlers, event),
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    start: async () => {
      if (opts.pglite && !unlisten)
        unlisten = await opts.pglite.listen(CHANNEL, (payload) => {
          const event = parseEnvelope(payload)?.e;
          if (event) fanOut(handlers, event);
        });
    },
    close: async () => {
      handlers.clear();
      const stop = unlisten;
      unlisten = undefined;
      if (stop && !opts.pglite?.closed) await stop().catch(() => {});
    },
  };
}
/** NOTIFY refuses payloads of 8000 bytes or more; larger events go through chat_bus_spill. */
const MAX_NOTIFY_BYTES = 7_500;

interface Envelope {
  o: string;
  e?: BusEvent;
  spill?: number;
}

function parseEnvelope(payload: string | undefined): Envelope | null {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as Envelope;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY on a dedicated connection (a pooled one would be
 * handed to other queries and lose the LISTEN). Notifications are sent
 * through the pool. Each instance skips its own notifications: it already
 * delivered them locally. A dropped LISTEN connection is re-opened with
 * back-off; events published while it was down reach clients when they
 * reload history on reconnect.
 */
export function createPgBus(opts: { connectionString: string; pool: pg.Pool; log?: { warn(o: object, m: string): void } }): ChatBus {
  const origin = crypto.randomUUID();
  const handlers = new Set<(e: BusEvent) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  /** Set when the LISTEN connection is lost; the next successful connect then announces a resync. */
  let lost = false;
  let sweepTimer: NodeJS.Timeout | undefined;

  async function onNotification(payload: string | undefined) {
    const env = parseEnvelope(payload);
    if (!env || env.o === origin) return;
    let event = env.e;
    if (env.spill !== undefined) {
      const res = await opts.pool
        .query<{ payload: string }>('select payload from chat_bus_spill where id = $1', [env.spill])
        .catch(() => null);
      const row = res?.rows[0];
      if (!row) return;
      event = JSON.parse(row.payload) as BusEvent;
    }
    if (event) fanOut(handlers, event);
  }

  async function connect() {
    const c = new pg.Client({ connectionString: opts.connectionString });
    c.on('notification', (n) => {
      if (n.channel === CHANNEL) void onNotification(n.payload);
    });
    c.on('error', (err) => {
      opts.log?.warn({ err }, 'chat bus: LISTEN connection lost');
      if (client === c) {
        client = null;
        lost = true;
      }
      c.end().catch(() => {});
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
    if (lost) {
      lost = false;
      fanOut(handlers, { t: 'resync' });
    }
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    attempt += 1;
    // Capped low: until it is back, this instance's clients miss what others publish.
    const delay = Math.min(500 * 2 ** (attempt - 1), 5_000);
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => scheduleReconnect());
    }, delay);
    retry.unref();
  }

  return {
    kind: 'postgres',
    async publish(event) {
      fanOut(handlers, event);
      let payload = JSON.stringify({ o: origin, e: event } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        const res = await opts.pool.query<{ id: string }>('insert into chat_bus_spill (payload) values ($1) returning id', [
          JSON.stringify(event),
        ]);
        payload = JSON.stringify({ o: origin, spill: Number(res.rows[0]!.id) } satisfies Envelope);
      }
      await opts.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    async start() {
      await connect();
      // Spilled events are read within milliseconds; a minute is plenty before they go.
      sweepTimer = setInterval(() => {
        opts.pool.query(`delete from chat_bus_spill where created_at < now() - interval '1 minute'`).catch(() => {});
      }, 60_000);
      sweepTimer.unref();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (sweepTimer) clearInterval(sweepTimer);
      handlers.clear();
      const c = client;
      client = null;
      if (c) {
        await c.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        await c.end().catch(() => {});
      }
    },
  };
}
