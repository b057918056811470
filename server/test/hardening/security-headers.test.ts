import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketOriginAllowed, tileImageSource } from '../../src/plugins/security-headers';
import { createTestApp, type TestApp } from '../test-app';

/** Response headers (issue 15, "Headers"): OWASP ASVS 14.4 on every response, HSTS only over TLS. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('served over plain http (PUBLIC_URL http://)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://church.local:3000' });
  });
  afterAll(() => t.close());

  it.each(['/api/health', '/api/settings/public', '/api/nope'])('%s carries the security headers, and no HSTS', async (url) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The chat socket is same-origin: 'self' covers ws/wss there, so no scheme wildcard.
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    for (const [name, values] of csp) {
      for (const wildcard of ['ws:', 'wss:', 'https:', 'http:', '*'])
        expect({ name, has: values.includes(wildcard) }).toEqual({ name, has: false });
    }
    // Map tiles: the default tile server only.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
  });
});

describe('served over TLS (PUBLIC_URL https://)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://church.example.org', MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png' });
  });
  afterAll(() => t.close());

  it('adds HSTS for a year and upgrades insecure requests', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('img-src')).toContain('https://tiles.example.net');
  });
});

describe('the pieces', () => {
  it('narrows the map tile template to its origin', () => {
    expect(tileImageSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileImageSource('https://tiles.example.net:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example.net:8443');
    expect(tileImageSource('https://{tenant}.maps.example/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it('lets the socket open from the same host, PUBLIC_URL or CORS_ORIGINS only', () => {
    const config = { publicUrl: 'https://church.example.org', corsOrigins: ['https://app.partner.example'] };
    expect(socketOriginAllowed(undefined, 'church.example.org', config)).toBe(true);
    expect(socketOriginAllowed('https://church.example.org', 'internal:3000', config)).toBe(true);
    expect(socketOriginAllowed('http://localhost:5173', 'localhost:5173', config)).toBe(true);
    expect(socketOriginAllowed('https://app.partner.example', 'church.example.org', config)).toBe(true);
    expect(socketOriginAllowed('https://evil.example', 'church.example.org', config)).toBe(false);
    expect(socketOriginAllowed('https://church.example.org.evil.example', 'church.example.org', config)).toBe(false);
    expect(socketOriginAllowed('null', 'church.example.org', config)).toBe(false);
    expect(socketOriginAllowed('chrome-extension://abc', 'abc', config)).toBe(false);
  });
});
