import type { FastifyInstance } from 'fastify';
import type { PaymentsService } from './payments-service';

/**
 * PayFast's ITN (instant transaction notification): a form post from
 * PayFast's servers, no user. Its own content-type parser keeps the raw body,
 * because the signature is computed over the fields exactly as posted.
 */
export async function paymentNotificationRoutes(app: FastifyInstance, { payments }: { payments: PaymentsService }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/giving/payfast/notify',
    {
      config: { public: true },
      schema: {
        tags: ['Giving'],
        summary: 'PayFast ITN (server-to-server; verified: signature, source, amount, validate call)',
        hide: false,
      },
    },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const result = await payments.handleNotification(raw, request.ip);
      // PayFast retries until it gets 200; a refused notification gets 400 so a forger learns nothing useful.
      return reply
        .code(result.ok ? 200 : 400)
        .type('text/plain')
        .send(result.ok ? 'OK' : 'Refused');
    },
  );
}
