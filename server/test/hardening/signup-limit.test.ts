import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_MAX_PER_IP: '2' });
});
afterAll(() => t.close());

const signUp = (n: number, ip: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: ip,
    payload: { name: `Lerato Khumalo ${n}`, email: `lerato.${n}.${ip.replaceAll('.', '-')}@example.org`, password: 'Sunrise-2026' },
  });

describe('anonymous sign-up is limited per address', () => {
  it('refuses the third account from one address within the hour with 429 and Retry-After', async () => {
    expect((await signUp(1, '10.2.2.2')).statusCode).toBe(201);
    expect((await signUp(2, '10.2.2.2')).statusCode).toBe(201);
    const third = await signUp(3, '10.2.2.2');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(json(third).message).toBe('Too many accounts created from this connection. Please try again later.');
  });

  it('another address is not affected', async () => {
    expect((await signUp(4, '10.3.3.3')).statusCode).toBe(201);
  });
});
