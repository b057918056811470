import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, paginationQuery, errorResponses } from '@church/contract/http';
import {
  SUBSCRIPTION_CANCELLED,
  givingOptionsResponse,
  subscriptionResponse,
  subscriptionsResponse,
  createDonationRequest,
  donationResponse,
  givingHistoryQuery,
  givingHistoryResponse,
  givingOverviewResponse,
  userGivingStatsResponse,
} from '@church/contract/giving';
import { centsToRand } from '@church/contract/rules/money';
import { auth, callerCan, currentUser } from '../../plugins/auth';
import { presentDonation, presentSubscription } from './presenter';
import type { GivingService } from './service';
import type { PaymentsService } from './payments-service';

const errors = errorResponses(400, 401, 403, 409, 429);
const THANK_YOU = 'Thank you for your generous donation!';

export async function givingRoutes(appBase: FastifyInstance, { service, payments }: { service: GivingService; payments: PaymentsService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Giving'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/giving',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Give (an Idempotency-Key header or body field makes a double submit record once)',
        body: createDonationRequest,
        response: { 201: donationResponse, 200: donationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const headerKey = typeof header === 'string' && header.trim().length >= 8 ? header.trim().slice(0, 100) : undefined;
      const { donation, created, payment } = await service.donate(currentUser(request), request.body, headerKey);
      return reply
        .code(created ? 201 : 200)
        .send({ status: 'success', message: THANK_YOU, data: { donation: presentDonation(donation), payment } });
    },
  );

  app.get(
    '/giving/options',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Card and bank-transfer availability, banking details, open funds',
        response: { 200: givingOptionsResponse, ...errors },
      },
    },
    async () => ({ status: 'success' as const, data: await service.options() }),
  );

  app.post(
    '/giving/:id/cancel',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Cancel your own pending card gift (you left the checkout without paying)',
        params: idParams,
        response: { 200: donationResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const donation = await service.cancelPending(currentUser(request), request.params.id);
      return {
        status: 'success' as const,
        message: 'Your gift was cancelled. No money was taken.',
        data: { donation: presentDonation(donation), payment: null },
      };
    },
  );

  app.get(
    '/giving/subscriptions',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Your recurring gifts', response: { 200: subscriptionsResponse, ...errors } },
    },
    async (request) => {
      const rows = await payments.listSubscriptions(currentUser(request).id);
      return { status: 'success' as const, data: { subscriptions: rows.map(presentSubscription) } };
    },
  );

  app.post(
    '/giving/subscriptions/:id/cancel',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Cancel your recurring gift at the provider',
        params: idParams,
        response: { 200: subscriptionResponse, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => {
      const sub = await payments.cancelSubscription(currentUser(request), request.params.id);
      return { status: 'success' as const, message: SUBSCRIPTION_CANCELLED, data: { subscription: presentSubscription(sub) } };
    },
  );

  app.get(
    '/giving/user-stats',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Your total given and recent donations', response: { 200: userGivingStatsResponse, ...errors } },
    },
    async (request) => {
      const s = await service.userStats(currentUser(request).id);
      return {
        status: 'success' as const,
        data: {
          totalGiven: centsToRand(s.cents),
          donationCount: s.count,
          recentDonations: s.recent.map(presentDonation),
          lastDonationDate: s.last ? new Date(s.last).toISOString() : null,
        },
      };
    },
  );

  app.get(
    '/giving/user-history',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Your giving history, newest first',
        querystring: givingHistoryQuery,
        response: { 200: givingHistoryResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.userHistory(currentUser(request).id, page, limit);
      return {
        status: 'success' as const,
        data: { donations: rows.map(presentDonation), page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
      };
    },
  );

  app.get(
    '/giving',
    {
      preHandler: auth.permission('church:insights'),
      schema: {
        tags,
        security,
        summary: 'Church-wide giving summary and donations (admin-type)',
        querystring: paginationQuery(20, 100),
        response: { 200: givingOverviewResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      // The totals for every church:insights caller; who gave what only for those who may see named giving.
      const [o, named] = await Promise.all([service.overview(page, limit), callerCan(request, 'giving:named')]);
      return {
        status: 'success' as const,
        data: {
          summary: {
            totalGiven: centsToRand(o.summary.cents),
            donationCount: o.summary.count,
            monthlyTotal: centsToRand(o.summary.monthCents),
            activeGivers: o.summary.activeGivers,
            largestGift: centsToRand(o.summary.largest),
          },
          ...(named
            ? {
                donations: o.rows.map((r) => ({
                  ...presentDonation(r.donation),
                  donorName: r.donation.donorName ?? r.userName,
                  userId: r.donation.userId,
                })),
              }
            : {}),
          page,
          limit,
          total: o.total,
        },
      };
    },
  );
}
