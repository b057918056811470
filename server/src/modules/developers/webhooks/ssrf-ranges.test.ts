/** Issue 29, finding 8: the webhook SSRF guard's ranges, IPv6 forms that carry or reach a private address included. */
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './ssrf-guard';

describe('the webhook SSRF guard', () => {
  it.each([
    ['::7f00:1', 'IPv4-compatible ::/96 (127.0.0.1)'],
    ['::a00:1', 'IPv4-compatible ::/96 (10.0.0.1)'],
    ['fec0::1', 'site-local fec0::/10'],
    ['2002:7f00:1::1', '6to4 2002::/16 (127.0.0.1 inside)'],
    ['2002:c0a8:101::1', '6to4 2002::/16 (192.168.1.1 inside)'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 64:ff9b:1::/48'],
    ['::ffff:7f00:1', 'IPv4-mapped written in hex'],
    ['100::1', 'discard-only 100::/64'],
    ['::ffff:127.0.0.1', 'IPv4-mapped, dotted'],
    ['169.254.169.254', 'cloud metadata'],
  ])('refuses %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['2606:4700:4700::1111', '8.8.8.8', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});
