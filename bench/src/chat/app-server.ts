// Child process of bench/src/chat.ts: the real app (buildApp with the chat module and /ws hub)
// on an in-memory PGlite, with N users, rooms and memberships stored directly (fast), and a
// signed token per user. Talks to the parent over IPC: ready {port, tokens, rooms}, mem.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/client';
import { chatRoomMembers, chatRooms, users } from '../../../server/src/db/schema/index';
import { DEFAULT_ROOM_SETTINGS } from '@church/contract/chat/rooms';
import { startSession } from '../../../server/src/modules/auth/sessions';

const N = Number(process.env.BENCH_USERS ?? 1000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 10);

const dataDir = path.join(os.tmpdir(), `church-bench-chat-${process.pid}`);
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await database.migrate();
const { app, ctx } = await buildApp({ config, database, jwtSecret: crypto.randomBytes(32).toString('hex'), logger: false });

const people = await database.db
  .insert(users)
  .values(
    Array.from({ length: N }, (_, i) => ({
      name: `Bench Member ${i}`,
      email: `bench${i}.${crypto.randomBytes(3).toString('hex')}@example.org`,
    })),
  )
  .returning({ id: users.id, tokenVersion: users.tokenVersion });
const rooms = await database.db
  .insert(chatRooms)
  .values(
    Array.from({ length: ROOMS + 1 }, (_, i) => ({
      name: `Bench Room ${i} ${crypto.randomBytes(2).toString('hex')}`,
      settings: DEFAULT_ROOM_SETTINGS,
      position: i,
    })),
  )
  .returning({ id: chatRooms.id });
// Everyone is in room 0 (the one-room scenario); person i is also in room 1 + (i mod ROOMS).
const memberships = people.flatMap((p, i) => [
  { roomId: rooms[0]!.id, userId: p.id },
  { roomId: rooms[1 + (i % ROOMS)]!.id, userId: p.id },
]);
for (let i = 0; i < memberships.length; i += 1000) await database.db.insert(chatRoomMembers).values(memberships.slice(i, i + 1000));
const tokens = await Promise.all(people.map((p) => startSession(database.db, ctx.tokens, p)));

await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

process.on('message', async (msg: { type: string }) => {
  if (msg.type === 'mem') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ type: 'mem', ...process.memoryUsage() });
  }
  if (msg.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
process.send!({ type: 'ready', port, tokens, rooms: rooms.map((r) => r.id) });
