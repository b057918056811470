import { Webhook } from 'standardwebhooks';
import { randomBytes } from 'node:crypto';

/** A new signing secret in the Standard Webhooks form: whsec_ + base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * Standard Webhooks headers for one attempt. During a rotation's overlap
 * both secrets sign, space-separated, so a receiver on either one verifies.
 */
export function signedHeaders(msgId: string, body: string, secrets: string[], now = new Date()): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(msgId, now, body));
  return {
    'content-type': 'application/json',
    'user-agent': 'ChurchPlatform-Webhooks/1.0',
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
