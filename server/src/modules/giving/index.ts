import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createMerchantAccount } from './merchant';
import { merchantRoutes } from './merchant-routes';
import { startPayfastStandin } from './payfast-standin/standin';
import { createPaymentsService } from './payments-service';
import { defineCheckoutExpiryJob } from './checkout-expiry';
import { paymentNotificationRoutes } from './payments-routes';
import { givingRoutes } from './routes';
import { givingAdminRoutes } from './admin-routes';
import { taxRoutes } from './tax-routes';
import { certificatesRoutes } from './certificates-routes';
import { givingReportsRoutes } from './reports-routes';
import { createGivingReportsService } from './reports-service';
import { createTaxService } from './tax-service';
import { createCertificateRuns } from './certificate-runs';
import { certificateRunsRoutes } from './certificate-runs-routes';
import { createGivingAdminService } from './admin-service';
import { createGivingService } from './service';
import { batchesRoutes } from './batches/routes';
import { createBatchesService } from './batches/service';
import { createDonors } from './batches/donors';
import { bankStatementRoutes } from './bank/routes';
import { createBankStatements } from './bank/service';
import { createStatements, statementRoutes } from './statements';

/** Giving: member gifts, the payment provider, and (when configured) the local PayFast stand-in. */
/** donation.received / donation.refunded are recorded (ctx.events) in the transaction that records the change. */
export async function registerGiving(
  api: FastifyInstance,
  ctx: AppContext,
  timeZone: () => Promise<string>,
  churchName: () => Promise<string>,
) {
  const emit = ctx.events.emit;
  const pf = ctx.config.payfast;
  // The card account in use: the environment's, else the one an administrator entered in settings.
  const merchant = createMerchantAccount({
    db: ctx.db,
    fromEnvironment: pf,
    network: ctx.config.payfastNetwork,
    sealer: ctx.sealer('payment-provider'),
  });
  const provider = () => merchant.provider();
  const standinPort = ctx.config.payfastNetwork.standinPort;
  if (pf && standinPort && ctx.config.env !== 'test') {
    // Development and e2e: PayFast's checkout, notifications and APIs served locally (config refuses this in production).
    const standin = await startPayfastStandin({
      port: standinPort,
      merchantId: pf.merchantId,
      merchantKey: pf.merchantKey,
      passphrase: pf.passphrase,
    });
    api.addHook('onClose', () => standin.close());
  }
  const payments = createPaymentsService({ db: ctx.db, provider, log: api.log, emit });
  // Card checkouts never paid are marked expired by an hourly sweep (queued when a real server listens; tests send it themselves).
  // Always: an account entered in settings later needs it too, and with no card gifts it finds nothing.
  const expiry = defineCheckoutExpiryJob({ jobs: ctx.jobs, db: ctx.db });
  api.afterStart(async () => {
    await expiry.schedule().catch((err: unknown) => api.log.error({ err }, 'could not queue the checkout expiry sweep'));
  });
  const service = createGivingService({ db: ctx.db, limiter: ctx.limiter, provider, publicUrl: ctx.config.publicUrl, timeZone });
  await api.register(givingRoutes, { service, payments });
  await api.register(paymentNotificationRoutes, { payments });
  await api.register(merchantRoutes, { merchant });
  const tax = createTaxService({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, timeZone });
  // A refund or correction of a certified gift cancels and replaces its certificate in the same transaction.
  await api.register(givingAdminRoutes, { service: createGivingAdminService({ db: ctx.db, timeZone, emit, certificates: tax }) });
  await api.register(batchesRoutes, {
    service: createBatchesService({ db: ctx.db, timeZone, emit }),
    donors: createDonors({ db: ctx.db, emit }),
  });
  await api.register(bankStatementRoutes, { service: createBankStatements({ db: ctx.db, timeZone, emit }) });
  await api.register(givingReportsRoutes, { service: createGivingReportsService({ db: ctx.db, timeZone }) });
  await api.register(taxRoutes, { service: tax });
  await api.register(certificatesRoutes, { service: tax, timeZone });
  // Giving statements (issue 32): a record of every gift in a period, apart from 18A certificates.
  await api.register(statementRoutes, { statements: createStatements({ db: ctx.db, timeZone, churchName }), churchName });
  // Issuing a tax year's certificates runs on the job queue; the treasurer follows the run.
  await api.register(certificateRunsRoutes, { runs: createCertificateRuns({ db: ctx.db, jobs: ctx.jobs, tax }) });
}
