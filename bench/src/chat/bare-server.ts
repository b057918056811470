// Child process of bench/src/chat.ts: the floor to compare against — a bare `ws` server that
// broadcasts each message to the sockets of its room (query ?rooms=a,b), with no auth, no
// database and no validation. It sends frames of the app's shape and size (uuid ids, sender,
// timestamps), so the shared client process parses the same bytes for both. Same IPC as app-server.ts.
import crypto from 'node:crypto';
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const server = http.createServer();
const wss = new WebSocketServer({ server, path: '/ws' });
const byRoom = new Map<string, Set<WebSocket>>();
const roomIds = Array.from({ length: 11 }, () => crypto.randomUUID());
let seq = 0;

wss.on('connection', (ws, req) => {
  const rooms = (new URL(req.url ?? '/', 'http://x').searchParams.get('rooms') ?? '').split(',').filter(Boolean);
  for (const r of rooms) {
    if (!byRoom.has(r)) byRoom.set(r, new Set());
    byRoom.get(r)!.add(ws);
  }
  const sender = { _id: crypto.randomUUID(), id: '', name: `Bench Member ${wss.clients.size}` };
  sender.id = sender._id;
  ws.on('message', (raw) => {
    const f = JSON.parse(String(raw)) as { type: string; roomId: string; content: string; tempId?: string };
    if (f.type !== 'send_message') return;
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    // The fields (and so the bytes) of the app's new_message frame (server/src/modules/chat/presenter.ts).
    const message = {
      _id: id,
      id,
      roomId: f.roomId,
      content: f.content,
      message: f.content,
      messageType: 'text',
      sender,
      user: sender,
      createdAt: at,
      timestamp: at,
      status: 'delivered',
      repliedTo: null,
      tempId: f.tempId ?? null,
      reactions: [],
      file: null,
      cursor: String(++seq),
    };
    const data = JSON.stringify({ type: 'new_message', roomId: f.roomId, message });
    for (const c of byRoom.get(f.roomId) ?? []) c.send(data);
    ws.send(JSON.stringify({ type: 'message_sent', tempId: f.tempId, roomId: f.roomId, message, duplicate: false }));
  });
  ws.on('close', () => {
    for (const r of rooms) byRoom.get(r)?.delete(ws);
  });
  ws.send(JSON.stringify({ type: 'connected' }));
});

server.listen(0, '127.0.0.1', () => {
  const port = (server.address() as { port: number }).port;
  process.send!({ type: 'ready', port, tokens: [], rooms: roomIds });
});
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'mem') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ type: 'mem', ...process.memoryUsage() });
  }
  if (msg.type === 'stop') {
    for (const c of wss.clients) c.terminate();
    server.close(() => process.exit(0));
  }
});
