import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '@church/contract/http';
import {
  correctRequest,
  createFundRequest,
  donationDetailResponse,
  donationsQuery,
  donationsResponse,
  exportQuery,
  fundResponse,
  fundsResponse,
  matchRequest,
  refundRequest,
  updateFundRequest,
} from '@church/contract/giving-admin';
import { centsToRand } from '@church/contract/rules/money';
import { auth, currentUser } from '../../plugins/auth';
import { presentAdminDonation, presentFund, share } from './admin-presenter';
import type { GivingAdminService } from './admin-service';
import { localDate, writeDonationsCsv, writeDonationsXlsx } from './exports';
import { sendGenerated } from '../../lib/downloads';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving administration'];
const security = [{ bearerAuth: [] }];
// Every read here names givers (gifts, batches): named giving, which a church may withhold from pastors (issue 29).
const read = auth.permission('giving:named');
const manage = auth.permission('finance:manage');

/** /donations, funds, refunds and corrections: finance roles only (contract/roles.ts). Batches: batches/routes.ts. */
export async function givingAdminRoutes(appBase: FastifyInstance, { service }: { service: GivingAdminService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/donations',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Donations with period and fund filters, the four cards and the funds breakdown',
        querystring: donationsQuery,
        response: { 200: donationsResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.report(request.query);
      const total = r.summary.cents;
      return {
        status: 'success' as const,
        data: {
          summary: {
            totalDonations: centsToRand(total),
            monthlyAverage: centsToRand(Math.round(total / r.months)),
            activeDonors: r.summary.donors,
            funds: r.breakdown.length,
            completedCount: r.summary.n,
            from: r.from?.toISOString() ?? null,
          },
          fundsBreakdown: r.breakdown.map((b) => ({ fund: b.fund, total: centsToRand(b.cents), count: b.n, share: share(b.cents, total) })),
          donations: r.rows.map(presentAdminDonation),
          page: request.query.page,
          limit: request.query.limit,
          total: r.total,
        },
      };
    },
  );

  app.get(
    '/donations/export',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Exactly the rows the filters show, as CSV or Excel (streamed)',
        querystring: exportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { period, fund } = filters;
      const { rows, timeZone } = await service.exportRows(filters);
      const name = `donations-${period}${fund ? `-${fund.replace(/[^\w-]+/g, '_')}` : ''}-${localDate(new Date(), timeZone)}.${format}`;
      if (format === 'csv')
        return sendGenerated(request, reply, { type: 'text/csv; charset=utf-8', fileName: name }, (out, signal) =>
          writeDonationsCsv(out, rows, timeZone, signal),
        );
      return sendGenerated(
        request,
        reply,
        { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: name },
        (out, signal) => writeDonationsXlsx(out, rows, 'Donations', timeZone, signal),
      );
    },
  );

  app.get(
    '/donations/:id',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'A donation and its history',
        params: idParams,
        response: { 200: donationDetailResponse, ...errors },
      },
    },
    async (request) => {
      const { row, history } = await service.detail(request.params.id, currentUser(request));
      return { status: 'success' as const, data: { donation: presentAdminDonation(row), history: history.map(presentEvent) } };
    },
  );

  const act = <B extends z.ZodTypeAny>(
    path: string,
    body: B,
    summary: string,
    message: string,
    run: (actor: ReturnType<typeof currentUser>, id: string, body: z.output<B>) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        preHandler: manage,
        schema: { tags, security, summary, params: idParams, body, response: { 200: donationDetailResponse, ...errors } },
      },
      async (request) => {
        await run(currentUser(request), request.params.id, request.body as z.output<B>);
        const { row, history } = await service.detail(request.params.id);
        return { status: 'success' as const, message, data: { donation: presentAdminDonation(row), history: history.map(presentEvent) } };
      },
    );
  act('/donations/:id/refund', refundRequest, 'Refund a completed gift (reason kept in its history)', 'Donation refunded', (u, id, b) =>
    service.refund(u, id, b.reason),
  );
  act(
    '/donations/:id/correct',
    correctRequest,
    'Correct a gift’s amount or fund (before and after kept)',
    'Donation corrected',
    (u, id, b) => service.correct(u, id, b),
  );
  act(
    '/donations/:id/match',
    matchRequest,
    'Match a pending bank transfer or cash gift to money received',
    'Donation matched',
    (u, id, b) => service.match(u, id, b.reason, b.externalRef),
  );

  app.get(
    '/giving/funds',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Funds (open and closed)', response: { 200: fundsResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { funds: (await service.funds()).map(presentFund) },
    }),
  );
  app.post(
    '/giving/funds',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Add a fund', body: createFundRequest, response: { 201: fundResponse, ...errors } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ status: 'success', data: { fund: presentFund(await service.createFund(currentUser(request), request.body)) } }),
  );
  app.patch(
    '/giving/funds/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Open or close a fund for new gifts, or mark it section 18A-eligible or not',
        params: idParams,
        body: updateFundRequest,
        response: { 200: fundResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { fund: presentFund(await service.updateFund(currentUser(request), request.params.id, request.body)) },
    }),
  );
}

export function presentEvent(h: {
  e: { kind: string; reason: string | null; before: unknown; after: unknown; at: Date };
  actorName: string | null;
}) {
  return {
    kind: h.e.kind,
    reason: h.e.reason,
    before: h.e.before ?? null,
    after: h.e.after ?? null,
    actorName: h.actorName,
    at: h.e.at.toISOString(),
  };
}
