import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT, CHAT_TEXTS, CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import { clientFrameSchema, frameText, type ClientFrame, type PresenceStatus, type ServerFrame } from '@church/contract/chat/frames';
import { messageTextProblem, normaliseMessageText } from '@church/contract/chat/messages';
import { createFloodGate } from '@church/contract/chat/rules';
import type { UserRow } from '../db/schema/index';
import { HttpError } from '../lib/errors';
import type { ChatService } from '../modules/chat/service';
import type { BusEvent, ChatBus } from './bus';

type Actor = Pick<UserRow, 'id' | 'name' | 'role' | 'permissions'>;

interface Conn {
  id: number;
  socket: WebSocket;
  user: Actor;
  rooms: Set<string>;
  lastSeen: number;
}

/** Frames a connection may send per 10 s before they are dropped (typing storms, runaway clients). */
const FRAME_BUDGET = 120;

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
  let nextId = 1;

  const send = (conn: Conn, frame: ServerFrame | string | Buffer) => {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    if (Buffer.isBuffer(frame)) conn.socket.send(frame, { binary: false });
    else conn.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  };

  function subscribe(conn: Conn, roomId: string) {
    conn.rooms.add(roomId);
    let set = byRoom.get(roomId);
    if (!set) byRoom.set(roomId, (set = new Set()));
    set.add(conn);
  }
  function unsubscribe(conn: Conn, roomId: string) {
    conn.rooms.delete(roomId);
    const set = byRoom.get(roomId);
    set?.delete(conn);
    if (set && set.size === 0) byRoom.delete(roomId);
  }

  /** Bus events: serialise once, write to every local socket that should hear it. */
  function deliver(event: BusEvent) {
    if (event.t === 'room') {
      const set = byRoom.get(event.roomId);
      if (!set) return;
      // Encoded once for the whole room: a text frame of the same bytes goes to every socket.
      const data = Buffer.from(JSON.stringify(event.frame));
      for (const c of set) if (c.user.id !== event.exceptUserId) send(c, data);
    } else if (event.t === 'user') {
      const data = JSON.stringify(event.frame);
      for (const c of byUser.get(event.userId) ?? []) send(c, data);
    } else {
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

  async function handle(conn: Conn, frame: ClientFrame) {
    switch (frame.type) {
      case 'send_message': {
        const tempId = frame.tempId ?? null;
        const raw = frameText(frame);
        const problem = messageTextProblem(raw);
        if (problem) return send(conn, { type: 'message_failed', tempId, reason: problem });
        try {
          const { message, duplicate } = await service.send(conn.user, frame.roomId, {
            text: normaliseMessageText(raw),
            messageType: 'text',
            repliedTo: frame.data?.repliedTo ?? null,
            tempId,
          });
          // The room may have been joined over REST only: make sure this socket hears it from now on.
          if (!conn.rooms.has(frame.roomId)) subscribe(conn, frame.roomId);
          send(conn, { type: 'message_sent', tempId, roomId: frame.roomId, message, duplicate });
          send(conn, { type: 'message_delivered', tempId, messageId: message.id, timestamp: Date.now() });
        } catch (err) {
          send(conn, { type: 'message_failed', tempId, reason: reasonOf(err, CHAT_TEXTS.sendFailed) });
        }
        return;
      }
      case 'join_room':
        try {
          const room = await service.join(conn.user, frame.roomId);
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
        if (!conn.rooms.has(frame.roomId)) return;
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
          await service.react(conn.user, frame.messageId, frame.emoji);
        } catch (err) {
          send(conn, { type: 'error', message: reasonOf(err, CHAT_TEXTS.reactFailed) });
        }
        return;
      case 'mark_read':
        try {
          const r = await service.markRead(conn.user, frame.roomId);
          send(conn, { type: 'read_marked', ...r });
        } catch (err) {
          send(conn, { type: 'error', message: reasonOf(err, CHAT_TEXTS.serverError) });
        }
        return;
      case 'presence':
        return publishPresence(conn, frame.status);
      case 'ping':
        return send(conn, { type: 'pong', timestamp: frame.timestamp ?? Date.now() });
      case 'pong':
      case 'message_delivered':
        return;
    }
  }

  // Sockets that stop talking (no heartbeat) are closed so they do not pile up.
  const idleTimer = setInterval(() => {
    const cutoff = Date.now() - CHAT.idleTimeoutMs;
    for (const c of conns) if (c.lastSeen < cutoff) c.socket.close(CLOSE_CODES.idle, CLOSE_REASONS.idle);
    frames.sweep();
  }, 15_000);
  idleTimer.unref();

  return {
    /** A signed-in socket: subscribe it to its rooms and start reading frames. */
    async attach(socket: WebSocket, user: Actor, pending: string[]) {
      const conn: Conn = { id: nextId++, socket, user, rooms: new Set(), lastSeen: Date.now() };
      conns.add(conn);
      let set = byUser.get(user.id);
      if (!set) byUser.set(user.id, (set = new Set()));
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
      for (const c of conns) c.socket.close(CLOSE_CODES.goingAway, CLOSE_REASONS.shutdown);
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
