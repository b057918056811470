import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_FRAME_ALIASES, SERVER_SENDS } from '@church/contract/chat/frames';
import { createTestApp, createUser, json, type TestApp } from '../../test/test-app';
import { openSocket, type TestSocket } from './test-socket';

let t: TestApp;
let base: string;
let admin: { token: string; user: { id: string } };
let ruth: { token: string; user: { id: string; name: string } };
let sipho: { token: string; user: { id: string; name: string } };
let outsider: { token: string };
let general: string;
let bible: string;
let news: string;
const open: TestSocket[] = [];
const connect = async (token?: string) => {
  const s = await openSocket(base, token);
  open.push(s);
  return s;
};

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await createUser(t, { role: 'admin' });
  ruth = await createUser(t, { name: 'Ruth Mahlaba' });
  sipho = await createUser(t, { name: 'Sipho Ndlovu' });
  outsider = await createUser(t);
  const rooms = json(await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).data.rooms;
  const id = (n: string) => rooms.find((r: { name: string }) => r.name === n).id;
  [general, bible, news] = [id('General Chat'), id('Bible Study'), id('Events & Announcements')];
  for (const u of [ruth, sipho]) await t.request({ method: 'POST', url: `/api/chat/rooms/${general}/join`, token: u.token });
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close().catch(() => {})));
  await t.close();
});

describe('handshake', () => {
  it('refuses a missing token with a clear close reason', async () => {
    const s = await connect();
    expect(await s.closed).toEqual({ code: 4001, reason: 'Please login to use chat' });
  });
  it('refuses a bad token', async () => {
    const s = await connect('not-a-jwt');
    expect(await s.closed).toEqual({ code: 4001, reason: 'Your session has expired or is not valid. Please sign in again.' });
  });
  it('says connected with the rooms the user belongs to', async () => {
    const s = await connect(ruth.token);
    const hello = await s.next('connected');
    expect(hello).toMatchObject({ userId: ruth.user.id, userName: 'Ruth Mahlaba', rooms: [general] });
  });
});

describe('between two real clients', () => {
  it('join, send, receive, confirmations with tempId', async () => {
    const a = await connect(ruth.token);
    const b = await connect(sipho.token);
    await a.next('connected');
    await b.next('connected');
    a.send({ type: 'join_room', roomId: general });
    expect(await a.next('room_joined')).toMatchObject({ roomId: general, message: 'Joined General Chat' });
    a.send({ type: 'send_message', roomId: general, content: '  Good morning church!  ', tempId: 'tmp-a-1' });
    const sent = await a.next('message_sent');
    expect(sent).toMatchObject({
      tempId: 'tmp-a-1',
      roomId: general,
      duplicate: false,
      message: { content: 'Good morning church!', sender: { name: 'Ruth Mahlaba' } },
    });
    expect(await a.next('message_delivered')).toMatchObject({ tempId: 'tmp-a-1', messageId: sent.message.id });
    const got = await b.next('new_message');
    expect(got).toMatchObject({ roomId: general, message: { id: sent.message.id, content: 'Good morning church!', tempId: 'tmp-a-1' } });
    // The desktop shape: data.message.
    b.send({ type: 'send_message', roomId: general, data: { message: 'Morning Ruth', messageType: 'text' } });
    expect((await a.next('new_message', (f) => f.message.content === 'Morning Ruth')).message.sender?.name).toBe('Sipho Ndlovu');
  });

  it('the same tempId twice: one stored message, two confirmations', async () => {
    const a = await connect(ruth.token);
    await a.next('connected');
    a.send({ type: 'send_message', roomId: general, content: 'Only once please', tempId: 'tmp-dup-1' });
    a.send({ type: 'send_message', roomId: general, content: 'Only once please', tempId: 'tmp-dup-1' });
    const first = await a.next('message_sent', (f) => f.tempId === 'tmp-dup-1');
    const second = await a.next('message_sent', (f) => f.tempId === 'tmp-dup-1');
    expect(second.message.id).toBe(first.message.id);
    expect([first.duplicate, second.duplicate]).toEqual([false, true]);
    const found = json(await t.request({ method: 'GET', url: `/api/chat/rooms/${general}/search?q=Only once please`, token: ruth.token }))
      .data.messages;
    expect(found).toHaveLength(1);
  });

  it('message_failed with tempId and reason on invalid input', async () => {
    const a = await connect(ruth.token);
    await a.next('connected');
    a.send({ type: 'send_message', roomId: general, content: '    ', tempId: 'tmp-empty' });
    expect(await a.next('message_failed')).toEqual({ type: 'message_failed', tempId: 'tmp-empty', reason: 'Message cannot be empty' });
    a.send({ type: 'send_message', roomId: general, content: 'x'.repeat(2001), tempId: 'tmp-long' });
    expect((await a.next('message_failed', (f) => f.tempId === 'tmp-long')).reason).toMatch(/too long/);
    a.send({ type: 'send_message', roomId: bible, content: 'not a member', tempId: 'tmp-outside' });
    expect((await a.next('message_failed', (f) => f.tempId === 'tmp-outside')).reason).toBe('Join this room to read and send its messages');
    a.send({ type: 'send_message', roomId: news, content: 'hello', tempId: 'tmp-news' });
    expect((await a.next('message_failed', (f) => f.tempId === 'tmp-news')).reason).toMatch(/Join this room|leaders/);
    a.send({ type: 'send_message', roomId: 'nope', content: 'hello', tempId: 'tmp-bad-room' });
    expect((await a.next('message_failed', (f) => f.tempId === 'tmp-bad-room')).reason).toBe('That id is not valid');
    a.send({ type: 'unheard_of' });
    expect((await a.next('error')).message).toMatch(/could not be understood/);
  });

  it('members only receive rooms they belong to', async () => {
    const inside = await connect(sipho.token);
    const out = await connect(outsider.token);
    await inside.next('connected');
    await out.next('connected');
    await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/messages`,
      token: ruth.token,
      payload: { message: 'members only' },
    });
    await inside.next('new_message', (f) => f.message.content === 'members only');
    await new Promise((r) => setTimeout(r, 150));
    expect(out.frames.filter((f) => f.type === 'new_message')).toHaveLength(0);
  });

  it('typing, reactions, read marks, ping/pong', async () => {
    const a = await connect(ruth.token);
    const b = await connect(sipho.token);
    await a.next('connected');
    await b.next('connected');
    a.send({ type: 'typing', roomId: general, data: { isTyping: true } });
    expect(await b.next('user_typing')).toMatchObject({ roomId: general, userId: ruth.user.id, userName: 'Ruth Mahlaba', isTyping: true });
    a.send({ type: 'typing', roomId: general, data: { isTyping: false } });
    expect((await b.next('user_typing')).isTyping).toBe(false);
    expect(a.frames.some((f) => f.type === 'user_typing')).toBe(false);
    expect(
      b.frames.some((f) => (f.type as string) === 'typing'),
      "the spec's other name is not sent",
    ).toBe(false);

    a.send({ type: 'send_message', roomId: general, content: 'React to me', tempId: 'tmp-react' });
    const { message } = await a.next('message_sent', (f) => f.tempId === 'tmp-react');
    b.send({ type: 'react_message', messageId: message.id, emoji: '🙏' });
    const reacted = await a.next('message_reacted');
    expect(reacted).toMatchObject({
      messageId: message.id,
      emoji: '🙏',
      added: true,
      userId: sipho.user.id,
      reactions: [{ emoji: '🙏', count: 1 }],
    });

    b.send({ type: 'mark_read', roomId: general });
    expect(await b.next('read_marked')).toMatchObject({ roomId: general, unreadCount: 0 });
    const rooms = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token: sipho.token })).data.rooms;
    expect(rooms.find((r: { id: string }) => r.id === general).unreadCount).toBe(0);

    a.send({ type: 'ping', timestamp: 1234 });
    expect(await a.next('pong')).toEqual({ type: 'pong', timestamp: 1234 });
  });

  it('user_joined / user_left reach the room; leave_room answers room_left', async () => {
    const a = await connect(ruth.token);
    await a.next('connected');
    const c = await connect(outsider.token);
    await c.next('connected');
    c.send({ type: 'join_room', roomId: general });
    await c.next('room_joined');
    expect(await a.next('user_joined')).toMatchObject({ roomId: general });
    c.send({ type: 'leave_room', roomId: general });
    expect(await c.next('room_left')).toMatchObject({ roomId: general });
    await t.request({ method: 'POST', url: `/api/chat/rooms/${general}/leave`, token: outsider.token });
    expect(await a.next('user_left')).toMatchObject({ roomId: general });
    // The names this server sends of the spec's pairs (contract SERVER_SENDS); never the other spelling.
    const sent = new Set<string>(a.frames.map((f) => f.type));
    for (const name of SERVER_SENDS.filter((n) => n !== 'user_typing')) expect(sent.has(name), name).toBe(true);
    for (const alias of Object.keys(SERVER_FRAME_ALIASES)) expect(sent.has(alias), alias).toBe(false);
  });

  it('app.close closes the sockets with 1001', async () => {
    const t2 = await createTestApp();
    const url = await t2.app.listen({ port: 0, host: '127.0.0.1' });
    const u = await createUser(t2);
    const s = await openSocket(url, u.token);
    await s.next('connected');
    await t2.close();
    expect((await s.closed).code).toBe(1001);
    // A second whole app (database, job queue, a sign-up's argon2 hash) inside one test: on a CI machine
    // at load 20 that alone took 30 s once, so this test gets the room the file-level hooks get.
  }, 90_000);
});
