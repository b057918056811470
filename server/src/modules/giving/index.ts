import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';
import { createPayfastProvider } from './payfast';
import { startPayfastStandin } from './payfast-standin/standin';
import { createPaymentsService } from './payments-service';
import { paymentNotificationRoutes } from './payments-routes';
import { givingRoutes } from './routes';
import { givingAdminRoutes } from './admin-routes';
import { taxRoutes } from './tax-routes';
import { createTaxService } from './tax-service';
import { createGivingAdminService } from './admin-service';
import { createGivingService } from './service';

/** Giving: member gifts, the payment provider, and (when configured) the local PayFast stand-in. */
export async function registerGiving(api: FastifyInstance, ctx: AppContext, timeZone: () => Promise<string>) {
  const pf = ctx.config.payfast;
  const provider = pf ? createPayfastProvider(pf) : null;
  if (pf?.standinPort && ctx.config.env !== 'test') {
    // Development and e2e: PayFast's checkout, notifications and APIs served locally (config refuses this in production).
    const standin = await startPayfastStandin({
      port: pf.standinPort,
      merchantId: pf.merchantId,
      merchantKey: pf.merchantKey,
      passphrase: pf.passphrase,
    });
    api.addHook('onClose', () => standin.close());
  }
  const payments = provider ? createPaymentsService({ db: ctx.db, provider, log: api.log }) : null;
  const service = createGivingService({ db: ctx.db, limiter: ctx.limiter, provider, publicUrl: ctx.config.publicUrl });
  await api.register(givingRoutes, { service, payments });
  if (payments) await api.register(paymentNotificationRoutes, { payments });
  await api.register(givingAdminRoutes, { service: createGivingAdminService({ db: ctx.db, timeZone }) });
  await api.register(taxRoutes, {
    service: createTaxService({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, timeZone }),
  });
}
