import { loadWebPush } from '../../../lib/heavy-modules';
import { callProvider, type ChannelProvider } from '../channel';

/**
 * Web Push from the installed app (RFC 8030 / 8291 / 8292) through the
 * web-push package: the payload is encrypted for the subscription's keys and
 * signed with the church's VAPID keys (vapid.ts). The push service answers
 * 201 when it takes the message; 404 or 410 means the subscription is gone
 * (the app was removed or notifications turned off), which no retry mends.
 * Push services report no delivery, so a push is at most "sent".
 */
export interface WebPushConfig {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services (VAPID subject). */
  subject: string;
}

export function createWebPush(c: WebPushConfig): ChannelProvider {
  return {
    channel: 'push',
    name: 'webpush',
    cost: () => ({ segments: null, units: 0 }),
    async send(m) {
      let subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
      try {
        subscription = JSON.parse(m.to);
      } catch {
        return { ok: false, retryable: false, reason: 'The push subscription is not readable' };
      }
      const webpush = await loadWebPush();
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        // The library encrypts and signs; the request itself goes out through fetch (any push service, and the stand-in over plain HTTP).
        details = webpush.generateRequestDetails(
          subscription,
          JSON.stringify({ title: m.subject ?? '', body: m.text, tag: m.deliveryId }),
          {
            vapidDetails: { subject: c.subject, publicKey: c.publicKey, privateKey: c.privateKey },
            TTL: 24 * 3600,
          },
        );
      } catch (err) {
        return { ok: false, retryable: false, reason: `The push subscription is not usable (${(err as Error).message})` };
      }
      const res = await callProvider(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
      });
      if (res.ok) return { ok: true, providerMessageId: `push:${m.deliveryId}` };
      if (res.status === 404 || res.status === 410)
        return { ok: false, retryable: false, reason: 'The app no longer accepts notifications on this device', optedOut: true };
      if (!res.retryable) return { ok: false, retryable: false, reason: `The push service refused the message (${res.status})` };
      return { ok: false, retryable: true, reason: res.reason };
    },
    status: async () => null,
    verifyCallback: () => ({ ok: false, reason: 'Web Push sends no callbacks' }),
  };
}
