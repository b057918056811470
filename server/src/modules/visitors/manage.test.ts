import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, users } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let elder: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho' });
  elder = await createUser(t, { role: 'elder', name: 'Elder Grace' });
  member = await createUser(t, { role: 'member' });
});
afterAll(() => t.close());

const register = (firstName: string, email: string) =>
  t.request({ method: 'POST', url: '/api/visitors', payload: { firstName, lastName: 'Visitor', email, phone: '+27 82 123 4567' } });

describe('Visitors page calls', () => {
  it('lists visitors with counts and leaders; members are refused', async () => {
    await register('Ayanda', 'ayanda.v@example.org');
    const res = await t.request({ method: 'GET', url: '/api/visitors', token: elder.token });
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.visitors[0]).toMatchObject({ name: 'Ayanda Visitor', status: 'new', assignedTo: null });
    expect(d.counts.new).toBeGreaterThanOrEqual(1);
    expect(d.leaders.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Pastor Sipho', 'Elder Grace']));
    expect((await t.request({ method: 'GET', url: '/api/visitors', token: member.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/visitors' })).statusCode).toBe(401);
  });

  it('finds a visitor by the full name as the page shows it, by part of it, and by e-mail', async () => {
    await register('Zintle', 'zintle.search@example.org');
    const find = async (q: string) =>
      json(await t.request({ method: 'GET', url: `/api/visitors?q=${encodeURIComponent(q)}`, token: elder.token })).data.visitors.map(
        (v: { name: string }) => v.name,
      );
    expect(await find('Zintle Visitor')).toEqual(['Zintle Visitor']);
    expect(await find('zintle')).toEqual(['Zintle Visitor']);
    expect(await find('zintle.search@')).toEqual(['Zintle Visitor']);
    expect(await find('Zintle Nobody')).toEqual([]);
  });

  it('assigns a leader, keeps a note and a follow-up date, and records it', async () => {
    const id = json(await register('Bheki', 'bheki.v@example.org')).data.visitor.id;
    const res = await t.request({
      method: 'PATCH',
      url: `/api/visitors/${id}`,
      token: elder.token,
      payload: { status: 'contacted', assignedTo: pastor.user.id, note: 'Called on Monday', followUpOn: '2026-12-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.visitor).toMatchObject({
      status: 'contacted',
      assignedTo: { id: pastor.user.id, name: 'Pastor Sipho' },
      note: 'Called on Monday',
      followUpOn: '2026-12-01',
    });
    const bad = await t.request({ method: 'PATCH', url: `/api/visitors/${id}`, token: elder.token, payload: { followUpOn: '01/12/2026' } });
    expect(json(bad).message).toBe('Follow-up date must be a date (YYYY-MM-DD)');
    const notLeader = await t.request({
      method: 'PATCH',
      url: `/api/visitors/${id}`,
      token: elder.token,
      payload: { assignedTo: member.user.id },
    });
    expect(json(notLeader).message).toBe('That leader was not found');
    const missing = await t.request({ method: 'PATCH', url: `/api/visitors/${crypto.randomUUID()}`, token: elder.token, payload: {} });
    expect(missing.statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'visitor.updated')));
    expect(audit).toHaveLength(1);
  });

  it('converts a visitor to a member once (pastor only), with a status history', async () => {
    const id = json(await register('Chipo', 'chipo.v@example.org')).data.visitor.id;
    expect((await t.request({ method: 'POST', url: `/api/visitors/${id}/convert`, token: elder.token })).statusCode).toBe(403);
    const res = await t.request({ method: 'POST', url: `/api/visitors/${id}/convert`, token: pastor.token });
    expect(res.statusCode).toBe(200);
    const v = json(res).data.visitor;
    expect(v.status).toBe('member');
    const [m] = await t.database.db.select().from(users).where(eq(users.email, 'chipo.v@example.org'));
    expect(m).toMatchObject({ name: 'Chipo Visitor', status: 'visitor', phone: '+27821234567' });
    expect(v.memberId).toBe(m!.id);
    const again = json(await t.request({ method: 'POST', url: `/api/visitors/${id}/convert`, token: pastor.token }));
    expect(again.data.visitor.memberId).toBe(m!.id);
    const detail = json(await t.request({ method: 'GET', url: `/api/members/${m!.id}`, token: pastor.token })).data;
    expect(detail.statusHistory).toHaveLength(1);
  });
});

describe('Inbox calls', () => {
  it('reads, replies by e-mail, archives and restores a message', async () => {
    await t.request({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Dineo', email: 'dineo@example.org', message: 'What time is the Sunday service?' },
    });
    const list = json(await t.request({ method: 'GET', url: '/api/contact-messages?box=inbox', token: elder.token })).data;
    const msg = list.contactMessages.find((m: { name: string }) => m.name === 'Dineo');
    expect(msg.readAt).toBeNull();
    expect(list.unread).toBeGreaterThanOrEqual(1);

    const read = await t.request({ method: 'PATCH', url: `/api/contact-messages/${msg.id}`, token: elder.token, payload: { read: true } });
    expect(json(read).data.contactMessage.readAt).not.toBeNull();

    const noSubject = await t.request({
      method: 'POST',
      url: `/api/contact-messages/${msg.id}/reply`,
      token: elder.token,
      payload: { subject: '', message: 'x' },
    });
    expect(json(noSubject).message).toBe('Subject is required');
    const reply = await t.request({
      method: 'POST',
      url: `/api/contact-messages/${msg.id}/reply`,
      token: elder.token,
      payload: { subject: 'Sunday service', message: 'We meet at 09:00.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(json(reply).message).toBe('Reply sent');
    expect(json(reply).data.contactMessage.repliedAt).not.toBeNull();
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dineo@example.org'));
    expect(mail).toMatchObject({ subject: 'Sunday service', kind: 'contact-reply' });

    await t.request({ method: 'PATCH', url: `/api/contact-messages/${msg.id}`, token: elder.token, payload: { archived: true } });
    const inbox = json(await t.request({ method: 'GET', url: '/api/contact-messages?box=inbox', token: elder.token })).data;
    expect(inbox.contactMessages.some((m: { id: string }) => m.id === msg.id)).toBe(false);
    const archived = json(await t.request({ method: 'GET', url: '/api/contact-messages?box=archived', token: elder.token })).data;
    expect(archived.contactMessages.some((m: { id: string }) => m.id === msg.id)).toBe(true);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/contact-messages/${msg.id}`, token: member.token, payload: { read: true } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/contact-messages/${crypto.randomUUID()}`,
          token: elder.token,
          payload: { read: true },
        })
      ).statusCode,
    ).toBe(404);
  });
});
