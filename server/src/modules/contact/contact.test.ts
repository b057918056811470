import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { contactMessages, emailOutbox } from '../../db/schema/index';
import { CONTACT_MESSAGES_PER_HOUR } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const send = (payload: object, ip = `10.2.0.${++n}`) =>
  t.request({ method: 'POST', url: '/api/contact-messages', payload, remoteAddress: ip });
const valid = {
  name: 'Megan Coetzee',
  email: 'megan@example.org',
  phone: '+27825550000',
  preferredContact: 'whatsapp',
  message: 'What time is the youth braai?',
};

describe('POST /api/contact-messages', () => {
  it('stores the message for leaders and answers with the spec text', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe("Message Sent! We'll get back to you soon. God bless!");
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Megan Coetzee', preferredContact: 'whatsapp', message: 'What time is the youth braai?' });
  });

  it.each([
    [{ ...valid, name: ' ' }, 'Full name is required'],
    [{ ...valid, email: undefined }, 'Email is required'],
    [{ ...valid, email: 'megan' }, 'Please enter a valid email address'],
    [{ ...valid, message: '' }, 'Message is required'],
    [{ ...valid, preferredContact: 'fax' }, 'Preferred contact method must be email, phone or whatsapp'],
  ])('rejects %o with "%s"', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('rate-limits one address', async () => {
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) expect((await send(valid, '10.77.0.1')).statusCode).toBe(201);
    expect((await send(valid, '10.77.0.1')).statusCode).toBe(429);
  });
});

describe('GET /api/contact-messages', () => {
  it('requires sign-in and a leader role', async () => {
    expect((await t.request({ method: 'GET', url: '/api/contact-messages' })).statusCode).toBe(401);
    const { token } = await createUser(t, { role: 'volunteer' });
    expect((await t.request({ method: 'GET', url: '/api/contact-messages', token })).statusCode).toBe(403);
  });

  it('lists messages newest first for leaders', async () => {
    const { token } = await createUser(t, { role: 'pastor' });
    const res = await t.request({ method: 'GET', url: '/api/contact-messages?limit=5', token });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.total).toBe(CONTACT_MESSAGES_PER_HOUR + 1);
    expect(data.contactMessages).toHaveLength(5);
    expect(data.contactMessages[0]).toMatchObject({ _id: expect.any(String), email: 'megan@example.org', preferredContact: 'whatsapp' });
  });
});

describe('PATCH /api/contact-messages/:id and POST /api/contact-messages/:id/reply', () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  const patch = (id: string, payload: object, token?: string) =>
    t.request({ method: 'PATCH', url: `/api/contact-messages/${id}`, token, payload });
  const reply = (id: string, token?: string) =>
    t.request({
      method: 'POST',
      url: `/api/contact-messages/${id}/reply`,
      token,
      payload: { subject: 'Hello', message: 'We meet at 09:00.' },
    });

  it('404 for a message that does not exist, whatever the change; a reply to it sends nothing', async () => {
    const { token } = await createUser(t, { role: 'pastor' });
    for (const body of [{ read: true }, { archived: true }, {}]) {
      const res = await patch(missing, body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(json(res)).toEqual({ status: 'error', message: 'Message not found' });
    }
    const outboxBefore = await t.database.db.select().from(emailOutbox);
    const res = await reply(missing, token);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ status: 'error', message: 'Message not found' });
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(outboxBefore.length);
    expect((await patch('not-an-id', { read: true }, token)).statusCode).toBe(400);
    expect((await reply('not-an-id', token)).statusCode).toBe(400);
  });

  it('401 without sign-in, 403 for a volunteer', async () => {
    const [row] = await t.database.db.select().from(contactMessages).limit(1);
    expect((await patch(row!.id, { read: true })).statusCode).toBe(401);
    expect((await reply(row!.id)).statusCode).toBe(401);
    const { token } = await createUser(t, { role: 'volunteer' });
    expect((await patch(row!.id, { read: true }, token)).statusCode).toBe(403);
    expect((await reply(row!.id, token)).statusCode).toBe(403);
  });
});
