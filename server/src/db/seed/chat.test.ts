import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app';
import { seedPeople, DEMO_PASSWORD } from './people';
import { seedChat } from './chat';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => {
    await seedPeople(tx as never);
    await seedChat(tx as never);
  });
  token = json(
    await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'member@demo.church', password: DEMO_PASSWORD } }),
  ).token;
});
afterAll(() => t.close());

describe('chat demo data', () => {
  it('gives the demo member the four default rooms with messages and a few unread', async () => {
    const rooms = json(await t.request({ method: 'GET', url: '/api/chat/rooms', token })).data.rooms;
    expect(rooms.map((r: { name: string }) => r.name)).toEqual([
      'General Chat',
      'Prayer Requests',
      'Events & Announcements',
      'Bible Study',
    ]);
    expect(rooms.every((r: { isMember: boolean }) => r.isMember)).toBe(true);
    expect(rooms.reduce((n: number, r: { unreadCount: number }) => n + r.unreadCount, 0)).toBeGreaterThan(0);
    const page = json(await t.request({ method: 'GET', url: `/api/chat/rooms/${rooms[0].id}/messages`, token })).data;
    expect(page.messages.length).toBeGreaterThan(5);
    expect(page.messages[0].content).toMatch(/Welcome to our church chat/);
    expect(page.messages[0].reactions[0]).toMatchObject({ emoji: '❤️', count: 2 });
  });
});
