import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '@church/contract/chat/frames';

/**
 * One unmasked, unfragmented WebSocket text frame (RFC 6455 §5.2) around bytes
 * encoded once: what `ws` would put on the wire for `send(payload)`, built once
 * per room instead of once per socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81; // FIN + text
  if (n < 126) out[1] = n;
  else if (n < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(out, head);
  return out;
}

/** What the fan-out needs of a connection. */
export interface FanoutConn {
  socket: WebSocket;
  /**
   * The connection's TCP socket, when whole frames may be written to it directly: no extension
   * (compression) was agreed, so a frame's bytes are the same for every socket. Null: through `ws`.
   */
  wire: Socket | null;
  user: { id: string };
}

interface Queued {
  payload: Buffer;
  frame: Buffer;
  exceptUserId?: string;
}

/**
 * Room frames published during one turn of the event loop, each serialised and framed once,
 * written to every socket of the room at the end of the turn — all of that turn's frames for
 * a socket in one write. A busy room costs one write per socket per turn, not one per message
 * per socket. Anything written to a socket directly must call flush() first, so every socket
 * still receives frames in the order they were published.
 */
export function createRoomFanout<C extends FanoutConn>(roomSockets: (roomId: string) => Iterable<C> | undefined) {
  const queued = new Map<string, Queued[]>();
  let timer: NodeJS.Immediate | null = null;

  const write = (c: C, bytes: Buffer, frames: Queued[]) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.wire) c.wire.write(bytes);
    else for (const f of frames) c.socket.send(f.payload, { binary: false });
  };

  function flush() {
    if (timer) clearImmediate(timer);
    timer = null;
    if (!queued.size) return;
    const rooms = [...queued];
    queued.clear();
    for (const [roomId, frames] of rooms) {
      const sockets = roomSockets(roomId);
      if (!sockets) continue;
      const all = frames.length === 1 ? frames[0]!.frame : Buffer.concat(frames.map((f) => f.frame));
      const excepted = new Set(frames.map((f) => f.exceptUserId).filter(Boolean));
      for (const c of sockets) {
        if (!excepted.has(c.user.id)) {
          write(c, all, frames);
          continue;
        }
        // Presence and typing skip their author: only that person's sockets get a bundle of their own.
        const mine = frames.filter((f) => f.exceptUserId !== c.user.id);
        if (mine.length) write(c, Buffer.concat(mine.map((f) => f.frame)), mine);
      }
    }
  }

  return {
    queue(roomId: string, frame: ServerFrame, exceptUserId?: string) {
      if (!roomSockets(roomId)) return;
      const payload = Buffer.from(JSON.stringify(frame));
      let list = queued.get(roomId);
      if (!list) queued.set(roomId, (list = []));
      list.push({ payload, frame: textFrame(payload), exceptUserId });
      timer ??= setImmediate(flush);
    },
    flush,
    /** Frames not written yet (flush() before anything else is written to a socket). */
    pending: () => queued.size > 0,
  };
}
