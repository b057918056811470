import type { Mailer } from '../../../lib/mailer';
import type { ChannelProvider } from '../channel';

/**
 * E-mail through the platform's mailer: the message goes to the outbox (and,
 * with SMTP, to the mail.send job, which retries and reads consent again
 * right before sending). The delivery's later state is the outbox row's
 * (sent, failed with the SMTP error, or skipped), read with it.
 */
export function createEmailChannel(mailer: Mailer): ChannelProvider {
  return {
    channel: 'email',
    name: 'smtp',
    cost: () => ({ segments: null, units: 0 }),
    async send(m) {
      const id = await mailer.send({
        to: m.to,
        subject: m.subject ?? '',
        text: m.text,
        html: m.html,
        kind: 'channel-message',
        headers: m.headers,
      });
      return { ok: true, providerMessageId: id };
    },
    status: async () => null,
    verifyCallback: () => ({ ok: false, reason: 'E-mail sends no callbacks' }),
  };
}
