import { afterEach } from 'vitest';
import { installNoNetwork } from './support/no-network';

/**
 * Every server test file: outbound traffic beyond loopback is refused (support/no-network.ts), and the
 * test during which it was attempted fails, naming where it tried to go — even when the code under test
 * swallowed the connection error.
 */
const refused = installNoNetwork();
refused.length = 0;

afterEach(() => {
  if (refused.length === 0) return;
  const where = refused.splice(0).join(', ');
  throw new Error(`This test tried to reach beyond loopback (${where}). Point the service at a local stand-in instead.`);
});
