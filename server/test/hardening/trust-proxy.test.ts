import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig, parseTrustProxy, trustHops } from '../../src/config';
import { paymentNotifications } from '../../src/db/schema/index';
import { createTestApp, type TestApp } from '../test-app';

/**
 * The client's address decides sign-in limits and whether a PayFast
 * notification comes from PayFast. Behind a proxy it comes from
 * X-Forwarded-For, whose left-most entries are whatever the client wrote:
 * only the proxies named in TRUST_PROXY (or that many hops) are believed.
 */
describe('TRUST_PROXY', () => {
  it('is a number of hops or a list of proxy addresses and ranges; `true` and nonsense are refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(parseTrustProxy('10.0.0.0/33')).toMatchObject({ error: expect.stringContaining('10.0.0.0/33') });
    expect(parseTrustProxy('proxy.example.org')).toMatchObject({ error: expect.stringContaining('not an address') });
    expect(parseTrustProxy('11')).toMatchObject({ error: expect.stringContaining('1 to 10') });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every X-Forwarded-For address/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses, with the configuration error, ranges that trust the internet (issue 29: 0.0.0.0/0 crashed the start)', () => {
    for (const v of ['0.0.0.0/0', '::/0', '0.0.0.0/1, 128.0.0.0/1', '10.0.0.0/7', '::/1, 8000::/1']) {
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY: .* would trust addresses anyone on the internet may hold/);
    }
    expect(parseTrustProxy('10.0.0.0/8, fc00::/7')).toEqual(['10.0.0.0/8', 'fc00::/7']);
  });

  it('a hop count believes only the addresses that many proxies added, counted from the right', async () => {
    const app = Fastify({ trustProxy: trustHops(1) });
    app.get('/ip', async (request) => request.ip);
    const ip = async (xff: string) =>
      (await app.inject({ method: 'GET', url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } })).body;
    // The client wrote the first address; nginx appended the one it saw.
    expect(await ip('197.97.145.145, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ip('203.0.113.9')).toBe('203.0.113.9');
    await app.close();
  });
});

describe('PayFast source check behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_PASSPHRASE: 'trust-proxy-test',
      PAYFAST_BASE_URL: 'http://127.0.0.1:9/unreachable',
      PAYFAST_NOTIFY_IPS: '197.97.145.144/28',
    });
  });
  afterAll(() => t.close());

  const notify = (reference: string, remoteAddress: string, xff?: string) =>
    t.request({
      method: 'POST',
      url: '/api/giving/payfast/notify',
      payload: `m_payment_id=${reference}&pf_payment_id=1&payment_status=COMPLETE&amount_gross=10.00&signature=00`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(xff ? { 'x-forwarded-for': xff } : {}) },
      remoteAddress,
    });
  const reasonFor = async (reference: string) =>
    (await t.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.reference, reference)))[0]?.reason;

  it('a spoofed X-Forwarded-For naming a PayFast address does not pass for PayFast', async () => {
    // Through the proxy: the client put PayFast's address first; the proxy appended the real one.
    expect((await notify('SPOOF-1', '127.0.0.1', '197.97.145.145, 203.0.113.9')).statusCode).toBe(400);
    expect(await reasonFor('SPOOF-1')).toBe('source 203.0.113.9 is not a PayFast address');
    // Straight to the server, past the proxy: its own header is not believed at all.
    expect((await notify('SPOOF-2', '203.0.113.9', '197.97.145.145')).statusCode).toBe(400);
    expect(await reasonFor('SPOOF-2')).toBe('source 203.0.113.9 is not a PayFast address');
  });

  it('PayFast through the proxy is seen as PayFast (and then its signature is checked)', async () => {
    expect((await notify('REAL-1', '127.0.0.1', '197.97.145.145')).statusCode).toBe(400);
    expect(await reasonFor('REAL-1')).toBe('signature does not match');
  });
});
