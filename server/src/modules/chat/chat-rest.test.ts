import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string; user: { id: string } };
let member: { token: string; user: { id: string; name: string } };
let other: { token: string; user: { id: string } };
let rooms: Array<{ id: string; name: string; type: string }>;
const roomNamed = (name: string) => rooms.find((r) => r.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  member = await createUser(t, { role: 'member', name: 'Naledi Zulu' });
  other = await createUser(t, { role: 'member' });
  const res = await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token });
  expect(res.statusCode).toBe(200);
  rooms = json(res).data.rooms;
});
afterAll(() => t.close());

describe('rooms', () => {
  it('requires sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/api/chat/rooms' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/chat/stats' })).statusCode).toBe(401);
  });

  it('initialize creates the four default rooms with the spec settings, once', async () => {
    expect(rooms.map((r) => r.name)).toEqual(['General Chat', 'Prayer Requests', 'Events & Announcements', 'Bible Study']);
    const again = json(await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).data.rooms;
    expect(again).toHaveLength(4);
    const prayer = again.find((r: { name: string }) => r.name === 'Prayer Requests');
    expect(prayer.settings).toEqual({ allowImages: true, allowFiles: true, allowVoice: false, slowMode: 0, maxFileSize: 5242880 });
    expect(again.find((r: { name: string }) => r.name === 'Events & Announcements').type).toBe('announcement');
  });

  it('a member cannot initialize or create rooms', async () => {
    expect((await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/chat/rooms', token: member.token, payload: { name: 'Mine' } })).statusCode).toBe(
      403,
    );
  });

  it('an admin creates a room; a duplicate name is a 409 and a blank one a 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/chat/rooms',
      token: admin.token,
      payload: { name: 'Youth Group', description: 'Friday nights' },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.room).toMatchObject({ name: 'Youth Group', type: 'public', isMember: true, memberCount: 1 });
    expect(
      (await t.request({ method: 'POST', url: '/api/chat/rooms', token: admin.token, payload: { name: 'youth group' } })).statusCode,
    ).toBe(409);
    const blank = await t.request({ method: 'POST', url: '/api/chat/rooms', token: admin.token, payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).message).toBe('Room name is required');
  });

  it('join, info, leave', async () => {
    const general = roomNamed('General Chat');
    const joined = await t.request({ method: 'POST', url: `/api/chat/rooms/${general.id}/join`, token: member.token });
    expect(joined.statusCode).toBe(200);
    expect(json(joined).data.room).toMatchObject({ isMember: true, canPost: true, _id: general.id, id: general.id });
    const info = json(await t.request({ method: 'GET', url: `/api/chat/rooms/${general.id}/info`, token: member.token })).data.room;
    expect(info.members.map((m: { id: string }) => m.id)).toContain(member.user.id);
    expect(info.members[0]).not.toHaveProperty('email');
    const left = await t.request({ method: 'POST', url: `/api/chat/rooms/${general.id}/leave`, token: member.token });
    expect(json(left).data.message).toBe('You left General Chat');
    const list = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token: member.token })).data.rooms;
    expect(list.find((r: { id: string }) => r.id === general.id).isMember).toBe(false);
  });

  it('the room list is paginated like the rest of the API: page, limit and total beside the rooms', async () => {
    const all = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token: member.token })).data;
    expect(all).toMatchObject({ page: 1, limit: 50 });
    expect(all.total).toBe(all.rooms.length);
    const first = json(await t.request({ method: 'GET', url: '/api/chat/rooms?page=1&limit=2', token: member.token })).data;
    const second = json(await t.request({ method: 'GET', url: '/api/chat/rooms?page=2&limit=2', token: member.token })).data;
    expect(first).toMatchObject({ page: 1, limit: 2, total: all.total });
    expect(second).toMatchObject({ page: 2, limit: 2, total: all.total });
    expect([...first.rooms, ...second.rooms].map((r: { id: string }) => r.id)).toEqual(
      all.rooms.slice(0, 4).map((r: { id: string }) => r.id),
    );
    const past = json(await t.request({ method: 'GET', url: '/api/chat/rooms?page=99&limit=2', token: member.token })).data;
    expect(past).toMatchObject({ rooms: [], page: 99, total: all.total });
    const bad = await t.request({ method: 'GET', url: '/api/chat/rooms?limit=1000', token: member.token });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/limit must be 100 or less/);
  });

  it('unknown rooms are 404 and bad ids 400', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/chat/rooms/8d7b9f0e-0000-4000-8000-000000000000/join', token: member.token }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/chat/rooms/nope/messages', token: member.token })).statusCode).toBe(400);
  });
});

describe('messages', () => {
  it('a non-member cannot read, search or post', async () => {
    const bible = roomNamed('Bible Study');
    const read = await t.request({ method: 'GET', url: `/api/chat/rooms/${bible.id}/messages`, token: other.token });
    expect(read.statusCode).toBe(403);
    expect(json(read).message).toBe('Join this room to read and send its messages');
    expect((await t.request({ method: 'GET', url: `/api/chat/rooms/${bible.id}/search?q=a`, token: other.token })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/chat/rooms/${bible.id}/messages`, token: other.token, payload: { message: 'hi' } }))
        .statusCode,
    ).toBe(403);
  });

  it('posts text as text, trimmed, and refuses empty or too long text', async () => {
    const bible = roomNamed('Bible Study');
    await t.request({ method: 'POST', url: `/api/chat/rooms/${bible.id}/join`, token: member.token });
    const res = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${bible.id}/messages`,
      token: member.token,
      payload: { message: '  <img src=x onerror=alert(1)> Psalm 23  ', messageType: 'text' },
    });
    expect(res.statusCode).toBe(201);
    const msg = json(res).data.message;
    expect(msg).toMatchObject({
      content: '<img src=x onerror=alert(1)> Psalm 23',
      message: '<img src=x onerror=alert(1)> Psalm 23',
      messageType: 'text',
      status: 'delivered',
    });
    expect(msg.sender).toEqual({ _id: member.user.id, id: member.user.id, name: 'Naledi Zulu' });
    const empty = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${bible.id}/messages`,
      token: member.token,
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('Message cannot be empty');
    const long = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${bible.id}/messages`,
      token: member.token,
      payload: { message: 'x'.repeat(2001) },
    });
    expect(json(long).message).toMatch(/too long/);
  });

  it('the same tempId from the same sender is stored once', async () => {
    const bible = roomNamed('Bible Study');
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/chat/rooms/${bible.id}/messages`,
        token: member.token,
        payload: { content: 'Once only', tempId: 'tmp-rest-1' },
      });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(200);
    expect(json(b).data.message.id).toBe(json(a).data.message.id);
    const found = json(await t.request({ method: 'GET', url: `/api/chat/rooms/${bible.id}/search?q=Once only`, token: member.token })).data
      .messages;
    expect(found).toHaveLength(1);
  });

  it('announcement rooms take posts from leaders only', async () => {
    const news = roomNamed('Events & Announcements');
    await t.request({ method: 'POST', url: `/api/chat/rooms/${news.id}/join`, token: member.token });
    const refused = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${news.id}/messages`,
      token: member.token,
      payload: { message: 'Hello all' },
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Only church leaders can post in announcement rooms');
    const ok = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${news.id}/messages`,
      token: admin.token,
      payload: { message: 'Braai after service on Sunday' },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('pages through 120 messages with the cursor, oldest first, none missing', async () => {
    const room = json(await t.request({ method: 'POST', url: '/api/chat/rooms', token: admin.token, payload: { name: 'Paging Room' } }))
      .data.room;
    // Stored directly: 120 posts through the API would trip the flood gate, which is not what this test is about.
    await t.database.db
      .insert(chatMessages)
      .values(Array.from({ length: 120 }, (_, i) => ({ roomId: room.id, senderId: admin.user.id, content: `Message ${i}` })));
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const page = json(
        await t.request({
          method: 'GET',
          url: `/api/chat/rooms/${room.id}/messages?limit=50${before ? `&before=${before}` : ''}`,
          token: admin.token,
        }),
      ).data;
      pages += 1;
      seen.unshift(...page.messages.map((m: { content: string }) => m.content));
      if (!page.hasMore) {
        expect(page.nextCursor).toBeNull();
        break;
      }
      before = page.nextCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Message ${i}`));
    const bad = await t.request({ method: 'GET', url: `/api/chat/rooms/${room.id}/messages?limit=500`, token: admin.token });
    expect(bad.statusCode).toBe(400);
  });

  it('search finds within the room only, % is literal', async () => {
    const bible = roomNamed('Bible Study');
    const res = json(await t.request({ method: 'GET', url: `/api/chat/rooms/${bible.id}/search?q=psalm`, token: member.token })).data;
    expect(res.messages.map((m: { content: string }) => m.content)).toEqual(['<img src=x onerror=alert(1)> Psalm 23']);
    expect(
      json(await t.request({ method: 'GET', url: `/api/chat/rooms/${bible.id}/search?q=%25`, token: member.token })).data.messages,
    ).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/chat/rooms/${bible.id}/search?q=`, token: member.token })).statusCode).toBe(400);
  });

  it('react toggles and is for members only; read clears unread', async () => {
    const bible = roomNamed('Bible Study');
    await t.request({ method: 'POST', url: `/api/chat/rooms/${bible.id}/join`, token: admin.token });
    const posted = json(
      await t.request({
        method: 'POST',
        url: `/api/chat/rooms/${bible.id}/messages`,
        token: admin.token,
        payload: { message: 'John 3:16' },
      }),
    ).data.message;
    const before = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token: member.token })).data.rooms;
    expect(before.find((r: { id: string }) => r.id === bible.id).unreadCount).toBeGreaterThanOrEqual(1);
    const r1 = json(
      await t.request({ method: 'POST', url: `/api/chat/messages/${posted.id}/react`, token: member.token, payload: { emoji: '🙏' } }),
    ).data;
    expect(r1).toMatchObject({ added: true, reactions: [{ emoji: '🙏', count: 1, userIds: [member.user.id] }] });
    const r2 = json(
      await t.request({ method: 'POST', url: `/api/chat/messages/${posted.id}/react`, token: member.token, payload: { emoji: '🙏' } }),
    ).data;
    expect(r2).toMatchObject({ added: false, reactions: [] });
    expect(
      (await t.request({ method: 'POST', url: `/api/chat/messages/${posted.id}/react`, token: other.token, payload: { emoji: '🙏' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/chat/messages/${posted.id}/react`, token: member.token, payload: { emoji: '' } }))
        .statusCode,
    ).toBe(400);
    const read = await t.request({ method: 'POST', url: `/api/chat/rooms/${bible.id}/read`, token: member.token });
    expect(json(read).data.unreadCount).toBe(0);
    const after = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token: member.token })).data.rooms;
    expect(after.find((r: { id: string }) => r.id === bible.id).unreadCount).toBe(0);
    expect((await t.request({ method: 'POST', url: `/api/chat/rooms/${bible.id}/read`, token: other.token })).statusCode).toBe(403);
  });

  it('a sender flooding a room is throttled with 429', async () => {
    const room = json(await t.request({ method: 'POST', url: '/api/chat/rooms', token: admin.token, payload: { name: 'Flood Room' } })).data
      .room;
    const codes: number[] = [];
    for (let i = 0; i < 15; i++)
      codes.push(
        (
          await t.request({
            method: 'POST',
            url: `/api/chat/rooms/${room.id}/messages`,
            token: admin.token,
            payload: { message: `spam ${i}` },
          })
        ).statusCode,
      );
    expect(codes.filter((c) => c === 201)).toHaveLength(12);
    expect(codes.at(-1)).toBe(429);
  });

  it('every chat call is in the OpenAPI document', async () => {
    const doc = json(await t.request({ method: 'GET', url: '/api/openapi.json' }));
    for (const path of [
      '/api/chat/rooms',
      '/api/chat/rooms/{id}/messages',
      '/api/chat/rooms/initialize',
      '/api/chat/messages/{id}/react',
      '/api/chat/rooms/{id}/files',
      '/api/chat/stats',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('stats', async () => {
    const res = await t.request({ method: 'GET', url: '/api/chat/stats', token: member.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ totalRooms: expect.any(Number), totalMessages: expect.any(Number), onlineUsers: 0 });
    expect(json(res).data.totalMessages).toBeGreaterThan(100);
  });
});
