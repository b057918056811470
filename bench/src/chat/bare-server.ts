// Child process of bench/src/chat.ts: the floor to compare against — a bare `ws` server that
// broadcasts each message to the sockets of its room (query ?rooms=a,b), with no auth, no
// database and no validation. Same IPC as app-server.ts.
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const server = http.createServer();
const wss = new WebSocketServer({ server, path: '/ws' });
const byRoom = new Map<string, Set<WebSocket>>();

wss.on('connection', (ws, req) => {
  const rooms = (new URL(req.url ?? '/', 'http://x').searchParams.get('rooms') ?? '').split(',').filter(Boolean);
  for (const r of rooms) {
    if (!byRoom.has(r)) byRoom.set(r, new Set());
    byRoom.get(r)!.add(ws);
  }
  ws.on('message', (raw) => {
    const f = JSON.parse(String(raw)) as { type: string; roomId: string; content: string; tempId?: string };
    if (f.type !== 'send_message') return;
    const data = JSON.stringify({
      type: 'new_message',
      roomId: f.roomId,
      message: { content: f.content, tempId: f.tempId, createdAt: new Date().toISOString() },
    });
    for (const c of byRoom.get(f.roomId) ?? []) c.send(data);
    ws.send(JSON.stringify({ type: 'message_sent', tempId: f.tempId }));
  });
  ws.on('close', () => {
    for (const r of rooms) byRoom.get(r)?.delete(ws);
  });
  ws.send(JSON.stringify({ type: 'connected' }));
});

server.listen(0, '127.0.0.1', () => {
  const port = (server.address() as { port: number }).port;
  process.send!({ type: 'ready', port, tokens: [], rooms: Array.from({ length: 11 }, (_, i) => `room-${i}`) });
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
