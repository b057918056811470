import crypto from 'node:crypto';
import pg from 'pg';
import type { ServerFrame } from '@church/contract/chat/frames';

/** What crosses instances. Frames are already in the shape clients receive. */
export type BusEvent =
  | { t: 'room'; roomId: string; frame: ServerFrame; exceptUserId?: string }
  | { t: 'user'; userId: string; frame: ServerFrame }
  | { t: 'membership'; roomId: string; userId: string; joined: boolean };

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

/** One process (PGlite): events never leave the process. */
export function createMemoryBus(): ChatBus {
  const handlers = new Set<(e: BusEvent) => void>();
  return {
    kind: 'memory',
    publish: async (event) => fanOut(handlers, event),
    subscribe: (h) => {
      handlers.add(h);
      return () => handlers.delete(h);
    },
    start: async () => {},
    close: async () => handlers.clear(),
  };
}

export const CHANNEL = 'church_chat';
/** NOTIFY refuses payloads of 8000 bytes or more; larger events go through chat_bus_spill. */
const MAX_NOTIFY_BYTES = 7_500;

interface Envelope {
  o: string;
  e?: BusEvent;
  spill?: number;
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
  let sweepTimer: NodeJS.Timeout | undefined;

  async function onNotification(payload: string | undefined) {
    if (!payload) return;
    let env: Envelope;
    try {
      env = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (env.o === origin) return;
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
      if (client === c) client = null;
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
  }

  function scheduleReconnect() {
    if (closed || retry) return;
    attempt += 1;
    const delay = Math.min(500 * 2 ** (attempt - 1), 15_000);
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
