/**
 * Chat without loss under faults (issue 15, "Prove"): 50 people, each with
 * one socket, send 10,000 messages with tempIds through two real server
 * processes on one PostgreSQL, and one of the two is SIGKILLed part-way and
 * started again. The clients behave like the web client: a message stays
 * pending under its tempId until the server confirms it, pending messages are
 * sent again (in order) after a reconnect or a timeout, and after reconnecting
 * a client reloads the history of its rooms.
 *
 * Holds: 0 lost, 0 duplicated (one row per tempId, one per text), each
 * sender's messages stored in the order they were sent and heard in that
 * order, and every client ends with exactly the messages of its rooms.
 *
 * Pacing (product limits are kept, not raised for the test): a sender may
 * post 12 messages per room per 10 s (CHAT.floodMaxMessages) and a socket may
 * send 120 frames per 10 s (the hub's FRAME_BUDGET). 200 messages in one room
 * would take a sender ≥ 167 s, so each person is in 20 rooms of 10 people
 * and cycles through them, at most 10 messages a second with at most
 * WINDOW unconfirmed: at most 5 per room per 10 s, under half the flood limit.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from '../../src/realtime/test-servers';
import { DEFAULT_ROOM_SETTINGS } from '@church/contract/chat/rooms';
import { createTokenService } from '../../src/lib/tokens';
import { api, portPicker, registerMember, sleep } from './live-client';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const onPostgresProject = process.env.TEST_DB_KIND === 'postgres';
const reachable = await postgresForSuite('chat fault suite', PG_URL, { run: onPostgresProject });

const CLIENTS = 50;
/** 10,000 messages in all; CHAT_FAULT_PER_CLIENT lowers it for a quick local look (CI runs the full size). */
const PER_CLIENT = Number(process.env.CHAT_FAULT_PER_CLIENT ?? 200);
const ROOMS_PER_CLIENT = 20;
const ROOM_SIZE = 10;
const ROOMS = (CLIENTS * ROOMS_PER_CLIENT) / ROOM_SIZE;
/**
 * Unconfirmed messages a client may have out at once (flow control). With 8, a busy machine queued
 * confirmations past RESEND_AFTER_MS and the resends (each a full redelivery) fed the backlog: 1,751
 * resends and 87 s of sending; with 4: ≈ 200 resends and 44 s.
 */
const WINDOW = 4;
/** At least this long between two sends of one client (≤ 10 frames a second, under the socket's 12). */
const MIN_GAP_MS = 100;
/** A pending message is sent again after this long without confirmation (the web client's messageTimeoutMs). */
const RESEND_AFTER_MS = 10_000;
/** The kill comes once this share of all messages is confirmed. */
const KILL_AT = 0.3;

interface Seen {
  id: string;
  /** The room's order (seq): the web client shows stored messages sorted by it. */
  cursor: number;
  roomId: string;
  senderId: string;
  tempId: string;
}

type ServerName = 'a' | 'b';

class ChatClient {
  ws: WebSocket | null = null;
  on: ServerName | null = null;
  next = 0;
  lastSend = 0;
  /** tempId → what was sent; Map keeps insertion (= send) order. */
  pending = new Map<string, { seq: number; roomId: string; content: string; sentAt: number }>();
  confirmed = new Set<string>();
  /** Messages this client has, by id, from live frames and from history. */
  seen = new Map<string, Seen>();
  /** First live arrival of each message, in order: (sender, that sender's number). */
  liveOrder: { senderId: string; n: number }[] = [];
  repeats = 0;
  failed: string[] = [];
  frames = 0;
  reconnects = 0;
  fromHistory = 0;
  closedByUs = false;

  constructor(
    readonly index: number,
    readonly user: { id: string; token: string },
    readonly rooms: string[],
    public home: ServerName,
    readonly servers: () => Record<ServerName, ServerProcess | null>,
  ) {}

  tempId(seq: number) {
    return `f${this.index}-${seq}`;
  }

  private remember(m: { id: string; roomId: string; sender: { id: string } | null; tempId: string | null; cursor: string }, live: boolean) {
    if (this.seen.has(m.id)) {
      if (live) this.repeats++;
      return;
    }
    this.seen.set(m.id, { id: m.id, cursor: Number(m.cursor), roomId: m.roomId, senderId: m.sender?.id ?? '', tempId: m.tempId ?? '' });
    if (live && m.tempId) this.liveOrder.push({ senderId: m.sender?.id ?? '', n: Number(m.tempId.split('-')[1]) });
    if (!live) this.fromHistory++;
  }

  private sendFrame(tempId: string) {
    const p = this.pending.get(tempId)!;
    p.sentAt = performance.now();
    this.frames++;
    this.ws!.send(JSON.stringify({ type: 'send_message', roomId: p.roomId, content: p.content, tempId }));
  }

  private connecting: Promise<void> | null = null;

  /** Opens a socket to `prefer` (else the other server), resends what is pending, then reloads history. One attempt at a time. */
  connect(prefer: ServerName): Promise<void> {
    this.connecting ??= this.tryServers(prefer).finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async tryServers(prefer: ServerName): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const order: ServerName[] = prefer === 'a' ? ['a', 'b'] : ['b', 'a'];
      for (const name of order) {
        const server = this.servers()[name];
        if (!server) continue;
        if (await this.open(server, name)) return;
      }
      await sleep(Math.min(200 * 2 ** attempt, 2_000));
    }
  }

  private open(server: ServerProcess, name: ServerName): Promise<boolean> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(this.user.token)}`);
      let ready = false;
      ws.on('message', (raw) => {
        const f = JSON.parse(String(raw));
        if (f.type === 'connected') {
          ready = true;
          this.ws = ws;
          this.on = name;
          for (const tempId of this.pending.keys()) this.sendFrame(tempId);
          resolve(true);
          void this.catchUp(server);
        } else if (f.type === 'message_sent') {
          this.pending.delete(f.tempId);
          this.confirmed.add(f.tempId);
          this.remember(f.message, true);
        } else if (f.type === 'new_message') {
          this.remember(f.message, true);
        } else if (f.type === 'message_failed') {
          // Not expected (the pacing keeps under every limit): recorded, and the message stays pending to be sent again.
          this.failed.push(`${f.tempId}: ${f.reason}`);
        } else if (f.type === 'error') {
          this.failed.push(`error: ${f.message}`);
        }
      });
      ws.on('error', () => {});
      ws.on('close', () => {
        if (!ready) return resolve(false);
        if (this.ws !== ws) return;
        this.ws = null;
        this.on = null;
        if (this.closedByUs) return;
        // Lost (the server died): come back like the web client, to whichever server answers.
        this.reconnects++;
        setTimeout(() => void this.connect(this.home), 100 + Math.random() * 300);
      });
    });
  }

  /** After (re)connecting: the history of each room, newest pages first, until a page holds nothing new. */
  async catchUp(server: ServerProcess) {
    for (const roomId of this.rooms) {
      let before: string | null = null;
      for (;;) {
        const r = await api(server.url, 'GET', `/chat/rooms/${roomId}/messages?limit=100${before ? `&before=${before}` : ''}`, {
          token: this.user.token,
          timeoutMs: 30_000,
        });
        if (r.status !== 200) break; // The server went away mid-way: the next connect catches up again.
        const page = r.body.data as { messages: Parameters<ChatClient['remember']>[0][]; nextCursor: string | null };
        const fresh = page.messages.filter((m) => !this.seen.has(m.id)).length;
        for (const m of page.messages) this.remember(m, false);
        if (!page.nextCursor || fresh === 0) break;
        before = page.nextCursor;
      }
    }
  }

  /** Moves to another server on purpose (a load balancer rebalancing after the restart). */
  async move(to: ServerName) {
    await this.connecting;
    const old = this.ws;
    this.closedByUs = true;
    this.ws = null;
    this.on = null;
    old?.close(1000);
    this.closedByUs = false;
    this.reconnects++;
    await this.connect(to);
  }

  async run() {
    while (this.next < PER_CLIENT || this.pending.size > 0) {
      const now = performance.now();
      if (this.ws && this.ws.readyState === WebSocket.OPEN) {
        // The web client's timeout: unconfirmed after RESEND_AFTER_MS → everything pending again, in order.
        const oldest = this.pending.values().next().value;
        if (oldest && now - oldest.sentAt > RESEND_AFTER_MS) for (const tempId of this.pending.keys()) this.sendFrame(tempId);
        else if (this.next < PER_CLIENT && this.pending.size < WINDOW && now - this.lastSend >= MIN_GAP_MS) {
          const seq = this.next++;
          const tempId = this.tempId(seq);
          this.pending.set(tempId, {
            seq,
            roomId: this.rooms[seq % this.rooms.length]!,
            content: `Fault run: person ${this.index} message ${seq}`,
            sentAt: now,
          });
          this.lastSend = now;
          this.sendFrame(tempId);
          continue;
        }
      }
      await sleep(MIN_GAP_MS / 2);
    }
  }

  close() {
    this.closedByUs = true;
    this.ws?.close(1000);
  }
}

/** Seeded shuffle: the same rooms for the same run size. */
function shuffled<T>(xs: T[], seed: number) {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.runIf(reachable)('chat without loss: 50 clients, 10,000 messages, one of two servers killed and restarted', () => {
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  const servers: Record<ServerName, ServerProcess | null> = { a: null, b: null };
  let clients: ChatClient[] = [];
  let portA = 0;
  const setupStarted = performance.now();

  beforeAll(async () => {
    const port = portPicker(0);
    portA = await port();
    // A copy of the run's migrated template, so both servers can start at once (two migrating one empty database race).
    db = await scratchDatabase(PG_URL, { template: inject('pgTemplate') });
    [servers.a, servers.b] = await Promise.all([
      startServerProcess({ databaseUrl: db.url, jwtSecret, port: portA }),
      startServerProcess({ databaseUrl: db.url, jwtSecret, port: await port() }),
    ]);
    // People, rooms and memberships are written straight to the database: sign-up (an argon2 hash each)
    // and joining are proved elsewhere, and here they would take most of the time budget.
    const admin = await registerMember(servers.a!.url, 'Pastor Admin');
    const tokens = createTokenService(jwtSecret, '1h');
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const people: { id: string; token: string }[] = [];
    const roomIds: string[] = [];
    try {
      await c.query('begin');
      const users = (
        await c.query<{ id: string; token_version: number }>(
          `insert into users (name, email, password_hash, role)
           select 'Person ' || i, 'fault-' || i || '-' || $2 || '@example.org', (select password_hash from users where id = $1), 'member'
             from generate_series(0, $3 - 1) i order by i returning id, token_version`,
          [admin.id, crypto.randomBytes(4).toString('hex'), CLIENTS],
        )
      ).rows;
      for (const u of users) {
        const sid = crypto.randomUUID();
        await c.query(`insert into user_sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [sid, u.id]);
        people.push({ id: u.id, token: await tokens.sign({ sub: u.id, tv: u.token_version, sid }) });
      }
      const rooms = (
        await c.query<{ id: string }>(
          `insert into chat_rooms (name, description, type, settings, created_by)
           select 'Fault room ' || r, '', 'public', $1::jsonb, $2 from generate_series(0, $3 - 1) r order by r returning id`,
          [JSON.stringify(DEFAULT_ROOM_SETTINGS), admin.id, ROOMS],
        )
      ).rows;
      roomIds.push(...rooms.map((r) => r.id));
      // Block b of 5 rooms splits everyone into 5 groups of 10: one room per block for each person.
      const roomsOf: string[][] = people.map(() => []);
      for (let b = 0; b < ROOMS_PER_CLIENT; b++) {
        const order = shuffled(
          people.map((_, i) => i),
          b + 1,
        );
        order.forEach((person, k) => roomsOf[person]!.push(roomIds[b * (CLIENTS / ROOM_SIZE) + Math.floor(k / ROOM_SIZE)]!));
      }
      const pairs = people.flatMap((p, i) => roomsOf[i]!.map((roomId) => [roomId, p.id]));
      await c.query(`insert into chat_room_members (room_id, user_id) select * from unnest($1::uuid[], $2::uuid[])`, [
        pairs.map((x) => x[0]),
        pairs.map((x) => x[1]),
      ]);
      await c.query('commit');
      clients = people.map((p, i) => new ChatClient(i, p, roomsOf[i]!, i % 2 ? 'b' : 'a', () => servers));
    } finally {
      await c.end();
    }
    await Promise.all(clients.map((c) => c.connect(c.home)));
  }, 240_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(Object.values(servers).map((s) => s?.stop()));
    await db?.drop();
  }, 60_000);

  it('loses nothing, duplicates nothing, keeps each sender in order, and every client catches up', async () => {
    const total = CLIENTS * PER_CLIENT;
    const started = performance.now();
    const sending = Promise.all(clients.map((c) => c.run()));

    // Kill A once KILL_AT of the messages are confirmed, start it again on its port, then move its people back.
    const confirmed = () => clients.reduce((n, c) => n + c.confirmed.size, 0);
    while (confirmed() < total * KILL_AT) await sleep(50);
    const killedAt = performance.now();
    const confirmedAtKill = confirmed();
    const inFlightAtKill = clients.filter((c) => c.on === 'a').reduce((n, c) => n + c.pending.size, 0);
    const a = servers.a!;
    servers.a = null;
    await a.kill();
    const restarted = await startServerProcess({ databaseUrl: db.url, jwtSecret, port: portA });
    servers.a = restarted;
    const downMs = performance.now() - killedAt;
    await Promise.all(clients.filter((c) => c.home === 'a').map((c) => c.move('a')));

    await sending;
    const sendMs = performance.now() - started;

    // Every client ends with exactly the messages of its rooms (live, or from history after reconnecting).
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const rows = (
      await c.query<{ id: string; room_id: string; sender_id: string; temp_id: string; content: string; seq: string }>(
        `select id, room_id, sender_id, temp_id, content, seq from chat_messages where temp_id like 'f%' order by seq`,
      )
    ).rows;
    await c.end();
    const byRoom = new Map<string, Set<string>>();
    for (const r of rows) (byRoom.get(r.room_id) ?? byRoom.set(r.room_id, new Set()).get(r.room_id)!).add(r.id);
    const missingFor = (cl: ChatClient) =>
      cl.rooms.reduce((n, roomId) => n + [...(byRoom.get(roomId) ?? [])].filter((id) => !cl.seen.has(id)).length, 0);
    const settleUntil = performance.now() + 20_000;
    while (clients.some((cl) => missingFor(cl) > 0) && performance.now() < settleUntil) await sleep(200);

    const expected = new Set(clients.flatMap((cl) => Array.from({ length: PER_CLIENT }, (_, s) => cl.tempId(s))));
    const stored = new Set(rows.map((r) => r.temp_id));
    const lost = [...expected].filter((t) => !stored.has(t));
    const duplicated = rows.length - stored.size + (rows.length - new Set(rows.map((r) => r.content)).size);
    // Each sender's messages, in the database's order, are numbered 0, 1, 2, …
    const indexOf = new Map(clients.map((cl) => [cl.user.id, cl.index]));
    const outOfOrder: string[] = [];
    const lastStored = new Map<string, number>();
    for (const r of rows) {
      const n = Number(r.temp_id.split('-')[1]);
      if ((lastStored.get(r.sender_id) ?? -1) >= n) outOfOrder.push(`stored: person ${indexOf.get(r.sender_id)} #${n}`);
      lastStored.set(r.sender_id, n);
    }
    // … and each client shows them in that order (the web client sorts stored messages by cursor).
    for (const cl of clients) {
      const last = new Map<string, number>();
      for (const m of [...cl.seen.values()].sort((x, y) => x.cursor - y.cursor)) {
        const n = Number(m.tempId.split('-')[1]);
        if ((last.get(m.senderId) ?? -1) >= n) outOfOrder.push(`shown by ${cl.index}: person ${indexOf.get(m.senderId)} #${n}`);
        last.set(m.senderId, n);
      }
    }
    // Live arrival order, for the report: a message missed while a client was between sockets can arrive
    // later as a redelivery (its sender resent it) before the client's history reload has reached that room.
    let heardLate = 0;
    for (const cl of clients) {
      const last = new Map<string, number>();
      for (const { senderId, n } of cl.liveOrder) {
        if ((last.get(senderId) ?? -1) >= n) heardLate++;
        last.set(senderId, Math.max(n, last.get(senderId) ?? -1));
      }
    }
    const behind = clients.filter((cl) => missingFor(cl) > 0).map((cl) => `client ${cl.index} misses ${missingFor(cl)}`);
    const extra = clients.filter((cl) => [...cl.seen.values()].some((m) => !cl.rooms.includes(m.roomId))).map((cl) => cl.index);
    const frames = clients.reduce((n, cl) => n + cl.frames, 0);
    const failures = clients.flatMap((cl) => cl.failed);

    console.log(
      [
        `chat under faults: ${CLIENTS} clients × ${PER_CLIENT} = ${total} messages in ${ROOMS} rooms, sent in ${Math.round(sendMs)} ms (${Math.round((total / sendMs) * 1000)}/s); setup ${Math.round(started - setupStarted)} ms`,
        `  server A SIGKILLed at ${confirmedAtKill} confirmed (${inFlightAtKill} unconfirmed on it), back after ${Math.round(downMs)} ms; reconnects ${clients.reduce((n, cl) => n + cl.reconnects, 0)}`,
        `  frames sent ${frames} (${frames - total} resends); lost ${lost.length}; duplicated ${duplicated}; out of order ${outOfOrder.length} (${heardLate} heard live after a later one, placed by cursor); frames for a message already held (own echo, redeliveries) ${clients.reduce((n, cl) => n + cl.repeats, 0)}`,
        `  messages received: ${clients.reduce((n, cl) => n + cl.seen.size, 0)} (${clients.reduce((n, cl) => n + cl.fromHistory, 0)} from history after a reconnect); clients behind ${behind.length}; refusals ${failures.length}`,
      ].join('\n'),
    );

    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    expect(rows).toHaveLength(total);
    expect(clients.every((cl) => cl.confirmed.size === PER_CLIENT)).toBe(true);
    expect(outOfOrder.slice(0, 10)).toEqual([]);
    expect(behind).toEqual([]);
    expect(extra).toEqual([]);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 420_000);
});
