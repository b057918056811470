import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { contactMessages } from '../../db/schema/index';
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
