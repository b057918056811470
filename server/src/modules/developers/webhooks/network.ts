import type { Connector } from './connector';
import type { Resolver } from './ssrf-guard';

/**
 * The network parts of webhook delivery. Production uses DNS and real sockets; a server started with
 * NODE_ENV=test uses no DNS and reaches loopback only, and test apps pass stubs (test/test-app.ts),
 * so no test ever sends a packet beyond loopback, even when a queue drains deliveries to a public address.
 */
export interface WebhookNetwork {
  resolve?: Resolver;
  connector?: Connector;
  schedule?: readonly number[];
}
