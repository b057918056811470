import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT, CHAT_TEXTS, CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import { clientFrameSchema, frameText, type ClientFrame, type PresenceStatus, type ServerFrame } from '@church/contract/chat/frames';
import { messageTextProblem, normaliseMessageText } from '@church/contract/chat/messages';
import { createFloodGate } from '@church/contract/chat/rules';
import type { UserRow } from '../db/schema/index';
import { HttpError } from '../lib/errors';
import { SessionEndedError, type ChatService } from '../modules/chat/service';
import type { BusEvent, ChatBus } from './bus';
import { createRoomFanout } from './fanout';
import { can } from '@church/contract/roles';

type Actor = Pick<UserRow, 'id' | 'name' | 'role' | 'permissions'>;
/** The user as the socket's token proved them: tokenVersion is the version the token carries, sessionId its sign-in. */
type SocketUser = Actor & Pick<UserRow, 'tokenVersion'> & { sessionId?: string };

interface Conn {
  id: number;
  socket: WebSocket;
  /** The TCP socket under it, when room frames may be written there directly (see fanout.ts). */
  wire: Socket | null;
  /** Refreshed before each action: a role change takes effect on the next frame. */
  user: SocketUser;
  rooms: Set<string>;
  lastSeen: number;
  closing: boolean;
}

/** Frames a connection may send per 10 s before they are dropped (typing storms, runaway clients). */
const FRAME_BUDGET = 120;
/** How often idle sockets and changed sessions are looked for. */
const SWEEP_MS = 15_000;

/**
 * The socket hub of one instance: who is connected, which rooms each socket
 * hears, and the protocol of spec 002 §7.12. Everything that must reach other
 * instances goes through the bus; the bus hands every event back here too.
 */
export function createHub(deps: { service: ChatService; bus: ChatBus; log: FastifyBaseLogger }) {
  const { service, bus, log } = deps;
  const conns = new Set<Conn>();
  const byRoom = new Map<string, Set<Conn>>();
  const byUser = new Map<string, Set<Conn>>();
  const frames = createFloodGate(FRAME_BUDGET, 10_000);
  // Presence and typing per person, not per socket: many tabs must not multiply what others receive.
  const signals = createFloodGate(CHAT.signalMaxPerUser, CHAT.signalWindowMs);
  let nextId = 1;
  const rooms = createRoomFanout<Conn>((roomId) => byRoom.get(roomId));

  const closeConn = (conn: Conn, code: number, reason: string) => {
    if (conn.closing) return;
    // What the room heard before the close still reaches the socket.
    if (rooms.pending()) rooms.flush();
    conn.closing = true;
    conn.socket.close(code, reason);
  };
  /** Every socket of this person on this instance (other instances do the same when the bus tells them). */
  const endSessionsOf = (userId: string) => {
    for (const c of byUser.get(userId) ?? []) closeConn(c, CLOSE_CODES.sessionEnded, CLOSE_REASONS.sessionEnded);
  };

  /**
   * The person as the database has them now. A socket whose token version no
   * longer matches (password, e-mail or role change), whose account was
   * disabled or deleted, is closed, and the action is not done.
   */
  async function currentActor(conn: Conn): Promise<SocketUser | null> {
    const [row] = await service.sessionStates([conn.user.id]);
    if (!row || !row.isActive || row.tokenVersion !== conn.user.tokenVersion) {
      closeConn(conn, CLOSE_CODES.sessionEnded, CLOSE_REASONS.sessionEnded);
      return null;
    }
    conn.user = { ...conn.user, name: row.name, role: row.role, permissions: row.permissions };
    return conn.user;
  }

  /** Sockets opened with these sessions (sign-ins), now revoked: closed like those of an ended session. */
  const endSessions = (userId: string, sessionIds: readonly string[]) => {
    const ended = new Set(sessionIds);
    for (const c of byUser.get(userId) ?? [])
      if (c.user.sessionId && ended.has(c.user.sessionId)) closeConn(c, CLOSE_CODES.sessionEnded, CLOSE_REASONS.sessionEnded);
  };

  /**
   * All open sockets checked in one query (and their sessions in another). The database announces every ended session as it
   * commits (migration 0029); this catches one this instance missed while its LISTEN connection was down.
   */
  async function sweepSessions() {
    const ids = [...byUser.keys()];
    if (!ids.length) return;
    const states = new Map((await service.sessionStates(ids)).map((r) => [r.id, r]));
    const sids = [...new Set([...conns].map((c) => c.user.sessionId).filter((s): s is string => !!s))];
    const live = await service.liveSessions(sids);
    for (const c of conns) {
      const row = states.get(c.user.id);
      if (!row || !row.isActive || row.tokenVersion !== c.user.tokenVersion || (c.user.sessionId && !live.has(c.user.sessionId)))
        closeConn(c, CLOSE_CODES.sessionEnded, CLOSE_REASONS.sessionEnded);
    }
  }

  /** A frame for one socket, after the room frames published before it (each socket hears frames in order). */
  const send = (conn: Conn, frame: ServerFrame | string) => {
    if (rooms.pending()) rooms.flush();
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  };

  // Room frames already published go to the sockets the room had then, before it changes.
  function subscribe(conn: Conn, roomId: string) {
    if (rooms.pending()) rooms.flush();
    conn.rooms.add(roomId);
    let set = byRoom.get(roomId);
    if (!set) byRoom.set(roomId, (set = new Set()));
    set.add(conn);
  }
  function unsubscribe(conn: Conn, roomId: string) {
    if (rooms.pending()) rooms.flush();
    conn.rooms.delete(roomId);
    const set = byRoom.get(roomId);
    set?.delete(conn);
    if (set && set.size === 0) byRoom.delete(roomId);
  }

  /** Bus events: serialise once, write to every local socket that should hear it. */
  function deliver(event: BusEvent) {
    if (event.t === 'room') return rooms.queue(event.roomId, event.frame, event.exceptUserId);
    if (rooms.pending()) rooms.flush();
    if (event.t === 'user') {
      const data = JSON.stringify(event.frame);
      for (const c of byUser.get(event.userId) ?? []) send(c, data);
    } else if (event.t === 'permission') {
      const data = JSON.stringify(event.frame);
      for (const c of conns) if (can(c.user, event.permission)) send(c, data);
    } else if (event.t === 'session-ended') {
      endSessionsOf(event.userId);
    } else if (event.t === 'sessions-revoked') {
      endSessions(event.userId, event.sessionIds);
    } else if (event.t === 'resync') {
      // Messages may have been missed while the bus was down: clients reconnect, and reload history on 'connected'.
      for (const c of conns) closeConn(c, CLOSE_CODES.goingAway, CLOSE_REASONS.resync);
    } else if (event.t === 'membership') {
      for (const c of byUser.get(event.userId) ?? []) {
        if (event.joined) subscribe(c, event.roomId);
        else unsubscribe(c, event.roomId);
      }
    }
  }
  const unsubscribeBus = bus.subscribe(deliver);

  const reasonOf = (err: unknown, fallback: string) => {
    if (err instanceof HttpError && err.statusCode < 500) return err.message;
    log.error({ err }, 'chat: frame failed');
    return fallback;
  };

  async function publishPresence(conn: Conn, status: PresenceStatus) {
    for (const roomId of conn.rooms) {
      await bus.publish({
        t: 'room',
        roomId,
        frame: { type: 'presence', userId: conn.user.id, userName: conn.user.name, status },
        exceptUserId: conn.user.id,
      });
    }
  }

  async function sendMessage(conn: Conn, frame: Extract<ClientFrame, { type: 'send_message' }>) {
    const tempId = frame.tempId ?? null;
    const raw = frameText(frame);
    const problem = messageTextProblem(raw);
    if (problem) return send(conn, { type: 'message_failed', tempId, reason: problem });
    try {
      const { message, duplicate } = await service.send(
        conn.user,
        frame.roomId,
        { text: normaliseMessageText(raw), messageType: 'text', repliedTo: frame.data?.repliedTo ?? null, tempId },
        { tokenVersion: conn.user.tokenVersion, refreshed: (now) => (conn.user = { ...conn.user, ...now }) },
      );
      // The room may have been joined over REST only: make sure this socket hears it from now on.
      if (!conn.rooms.has(frame.roomId)) subscribe(conn, frame.roomId);
      send(conn, { type: 'message_sent', tempId, roomId: frame.roomId, message, duplicate });
      send(conn, { type: 'message_delivered', tempId, messageId: message.id, timestamp: Date.now() });
    } catch (err) {
      if (err instanceof SessionEndedError) return closeConn(conn, CLOSE_CODES.sessionEnded, CLOSE_REASONS.sessionEnded);
      send(conn, { type: 'message_failed', tempId, reason: reasonOf(err, CHAT_TEXTS.sendFailed) });
    }
  }

  async function handle(conn: Conn, frame: ClientFrame) {
    if (frame.type === 'ping' || frame.type === 'pong' || frame.type === 'message_delivered') {
      if (frame.type === 'ping') send(conn, { type: 'pong', timestamp: frame.timestamp ?? Date.now() });
      return;
    }
    // Presence and typing over the person's budget are dropped before any work (no database read).
    if ((frame.type === 'typing' || frame.type === 'presence') && !signals.allow(conn.user.id)) return;
    // Rights are checked for each action, not only when the socket opened; a message's check rides
    // on the statement that reads its room (service.send), every other action's is a statement of its own.
    if (frame.type === 'send_message') return sendMessage(conn, frame);
    const user = await currentActor(conn);
    if (!user) return;
    switch (frame.type) {
      case 'join_room':
        try {
          const room = await service.join(user, frame.roomId);
          subscribe(conn, frame.roomId);
          return send(conn, { type: 'room_joined', roomId: frame.roomId, message: `Joined ${room.name}` });
        } catch (err) {
          return send(conn, { type: 'error', message: reasonOf(err, CHAT_TEXTS.joinFailed) });
        }
      case 'leave_room':
        // The socket stops listening; membership itself ends with POST /chat/rooms/{id}/leave.
        unsubscribe(conn, frame.roomId);
        return send(conn, { type: 'room_left', roomId: frame.roomId, message: 'Left room' });
      case 'typing': {
        // Only people still in the room may signal there (membership may have ended over REST or on another instance).
        if (!conn.rooms.has(frame.roomId) || !(await service.isMember(user, frame.roomId))) return;
        const isTyping = frame.data?.isTyping ?? frame.isTyping ?? true;
        return bus.publish({
          t: 'room',
          roomId: frame.roomId,
          frame: { type: 'user_typing', roomId: frame.roomId, userId: conn.user.id, userName: conn.user.name, isTyping },
          exceptUserId: conn.user.id,
        });
      }
      case 'react_message':
        try {
          await service.react(user, frame.messageId, frame.emoji);
        } catch (err) {
          send(conn, { type: 'error', message: reasonOf(err, CHAT_TEXTS.reactFailed) });
        }
        return;
      case 'mark_read':
        try {
          const r = await service.markRead(user, frame.roomId);
          send(conn, { type: 'read_marked', ...r });
        } catch (err) {
          send(conn, { type: 'error', message: reasonOf(err, CHAT_TEXTS.serverError) });
        }
        return;
      case 'presence': {
        // Announced only in rooms the person is still a member of.
        const memberOf = new Set(await service.memberRoomIds(user.id));
        for (const roomId of [...conn.rooms]) if (!memberOf.has(roomId)) unsubscribe(conn, roomId);
        return publishPresence(conn, frame.status);
      }
    }
  }

  // Sockets that stop talking (no heartbeat) are closed so they do not pile up.
  const idleTimer = setInterval(() => {
    const cutoff = Date.now() - CHAT.idleTimeoutMs;
    for (const c of conns) if (c.lastSeen < cutoff) closeConn(c, CLOSE_CODES.idle, CLOSE_REASONS.idle);
    frames.sweep();
    signals.sweep();
    sweepSessions().catch((err: unknown) => log.error({ err }, 'chat: session sweep failed'));
  }, SWEEP_MS);
  idleTimer.unref();

  return {
    /** A signed-in socket: subscribe it to its rooms and start reading frames. */
    async attach(socket: WebSocket, tokenUser: SocketUser, pending: string[], tcp?: Socket) {
      const user: SocketUser = {
        id: tokenUser.id,
        name: tokenUser.name,
        role: tokenUser.role,
        permissions: tokenUser.permissions,
        tokenVersion: tokenUser.tokenVersion,
        sessionId: tokenUser.sessionId,
      };
      // With an extension such as compression agreed, frames differ per socket: those go through ws.
      const wire = tcp && !socket.extensions ? tcp : null;
      const conn: Conn = { id: nextId++, socket, wire, user, rooms: new Set(), lastSeen: Date.now(), closing: false };
      let set = byUser.get(user.id);
      if (!set) byUser.set(user.id, (set = new Set()));
      // One person, a bounded number of sockets: the oldest go (a closed laptop's socket lingers until idle).
      // Sets keep insertion order, so the first ones are the oldest.
      const open = [...set].filter((c) => !c.closing);
      for (const old of open.slice(0, Math.max(0, open.length - CHAT.maxSocketsPerUser + 1)))
        closeConn(old, CLOSE_CODES.tooManySockets, CLOSE_REASONS.tooManySockets);
      conns.add(conn);
      set.add(conn);
      // Frames are handled one after another per socket, so a client sees its confirmations in order.
      let chain: Promise<unknown> = Promise.resolve();
      const onData = (data: string) => {
        conn.lastSeen = Date.now();
        if (!frames.allow(String(conn.id))) return send(conn, { type: 'error', message: 'Too many frames; slow down' });
        let parsed: unknown;
        try {
          parsed = JSON.parse(data);
        } catch {
          return send(conn, { type: 'error', message: 'Frames must be JSON' });
        }
        const frame = clientFrameSchema.safeParse(parsed);
        if (!frame.success) {
          const p = parsed as { type?: unknown; tempId?: unknown };
          if (p?.type === 'send_message') {
            const tempId = typeof p.tempId === 'string' ? p.tempId : null;
            return send(conn, {
              type: 'message_failed',
              tempId,
              reason: frame.error.issues[0]?.message ?? 'That message could not be understood',
            });
          }
          return send(conn, {
            type: 'error',
            message: `That frame could not be understood: ${frame.error.issues[0]?.message ?? 'invalid'}`,
          });
        }
        chain = chain.then(() => handle(conn, frame.data)).catch((err) => log.error({ err }, 'chat: frame handler failed'));
      };
      // Frames sent during the token check first, then the live ones, in the order they came.
      for (const data of pending) onData(data);
      socket.on('message', (raw) => onData(raw.toString()));
      socket.on('close', () => {
        conns.delete(conn);
        for (const roomId of [...conn.rooms]) unsubscribe(conn, roomId);
        const mine = byUser.get(user.id);
        mine?.delete(conn);
        if (mine && mine.size === 0) byUser.delete(user.id);
      });
      const roomIds = await service.memberRoomIds(user.id);
      for (const r of roomIds) subscribe(conn, r);
      send(conn, { type: 'connected', userId: user.id, userName: user.name, rooms: roomIds, serverTime: new Date().toISOString() });
    },
    onlineUsers: () => byUser.size,
    connections: () => conns.size,
    /** Tell every client to come back (1001) so they reconnect to a live instance. */
    closeAll() {
      clearInterval(idleTimer);
      unsubscribeBus();
      rooms.flush();
      for (const c of conns) closeConn(c, CLOSE_CODES.goingAway, CLOSE_REASONS.shutdown);
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
