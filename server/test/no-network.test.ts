import dns from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { installNoNetwork } from './support/no-network';

/**
 * The guard every server test runs under (no-network-setup.ts). Each refusal below is also recorded;
 * these tests take the record themselves (the setup's afterEach would otherwise fail them, as it
 * fails any test that tries to leave loopback).
 */
const refused = installNoNetwork();
const take = () => refused.splice(0);
afterEach(() => expect(refused).toEqual([]));

describe('no test reaches beyond loopback', () => {
  it('fetch to a public address is refused before it connects, and recorded', async () => {
    await expect(fetch('http://93.184.216.34/', { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    expect(take()).toEqual(['93.184.216.34:80']);
  });

  it('a private, link-local or metadata address is refused too (https as well)', async () => {
    for (const [host, port] of [
      ['10.0.0.7', 443],
      ['169.254.169.254', 80],
      ['192.168.1.1', 25],
    ] as const) {
      const err = await new Promise<Error>((resolve) => net.connect({ host, port }).once('error', resolve));
      expect(err.message).toBe(`Tests reach loopback only: refused ${host}:${port}`);
    }
    await expect(fetch('https://[2606:4700::1111]/', { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    expect(take()).toEqual(['10.0.0.7:443', '169.254.169.254:80', '192.168.1.1:25', '2606:4700::1111:443']);
  });

  it('a name is never looked up (no DNS packet leaves), whichever lookup the code uses', async () => {
    await expect(lookup('example.com')).rejects.toThrow('refused DNS example.com');
    const cbErr = await new Promise<Error | null>((resolve) => dns.lookup('bible.helloao.org', (err) => resolve(err)));
    expect(cbErr?.message).toBe('Tests reach loopback only: refused DNS bible.helloao.org');
    await expect(fetch('https://api.payfast.co.za/ping', { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    expect(take()).toEqual(['DNS example.com', 'DNS bible.helloao.org', 'api.payfast.co.za:443']);
  });

  it('loopback works: 127.0.0.1, localhost and ::1-style names', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
      expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('ok');
      expect((await lookup('localhost')).address).toMatch(/^(127\.|::1)/);
      // A server's own reported address when it listens on every interface: this machine.
      expect(await (await fetch(`http://0.0.0.0:${port}/`)).text()).toBe('ok');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
