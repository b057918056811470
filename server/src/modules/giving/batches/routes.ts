import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import {
  BATCH_TEXTS,
  batchDetailResponse,
  batchesResponse,
  batchResponse,
  createBatchRequest,
  createDonorRequest,
  donorResponse,
  donorsQuery,
  donorsResponse,
  envelopeRequest,
  recordGiftRequest,
  reopenBatchRequest,
  updateBatchRequest,
  type Batch,
} from '@church/contract/giving-batches';
import { centsToRand } from '@church/contract/rules/money';
import type { GivingBatchRow } from '../../../db/schema/index';
import { notFound } from '../../../lib/errors';
import { auth, currentUser } from '../../../plugins/auth';
import { auditActor } from '../../audit/audit';
import { presentAdminDonation } from '../admin-presenter';
import { presentEvent } from '../admin-routes';
import type { Donors } from './donors';
import type { BatchTotals } from './repository';
import type { BatchesService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving administration'];
const security = [{ bearerAuth: [] }];
// Batches name their givers: named giving, which a church may withhold from its pastors (issue 29, finding 2).
const read = auth.permission('giving:named');
const manage = auth.permission('finance:manage');

export const presentBatch = (row: GivingBatchRow, totals: BatchTotals): Batch => ({
  _id: row.id,
  id: row.id,
  label: row.label,
  date: row.batchDate,
  countedTotal: centsToRand(row.countedCents),
  runningTotal: centsToRand(totals.cents),
  giftCount: totals.n,
  refundedAfterClose: centsToRand(totals.refundedCents),
  status: row.status as Batch['status'],
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

/** Batches and the counters' member picker: finance roles only (contract/roles.ts). */
export async function batchesRoutes(appBase: FastifyInstance, { service, donors }: { service: BatchesService; donors: Donors }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  /** The batch as it is now, after a change: the answer of every batch action. */
  const current = async (id: string, message: string) => {
    const b = await service.detail(id);
    return { status: 'success' as const, message, data: { batch: presentBatch(b.row, b.totals) } };
  };

  app.get(
    '/giving/batches',
    { preHandler: read, schema: { tags, security, summary: 'Batches, newest first', response: { 200: batchesResponse, ...errors } } },
    async () => ({
      status: 'success' as const,
      data: { batches: (await service.list()).map((b) => presentBatch(b.row, b.totals)) },
    }),
  );
  app.post(
    '/giving/batches',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Open a batch with its date and counted total',
        body: createBatchRequest,
        response: { 201: batchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const row = await service.create(currentUser(request), request.body);
      return reply.code(201).send(await current(row.id, BATCH_TEXTS.opened));
    },
  );
  app.get(
    '/giving/batches/:id',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'A batch, its gifts, the deposit split by fund and method, and its history',
        params: idParams,
        response: { 200: batchDetailResponse, ...errors },
      },
    },
    async (request) => {
      const b = await service.detail(request.params.id);
      return {
        status: 'success' as const,
        data: {
          batch: presentBatch(b.row, b.totals),
          donations: b.gifts.map(presentAdminDonation),
          deposit: b.deposit.map((l) => ({ fund: l.fund, method: l.method, total: centsToRand(l.cents), count: l.n })),
          history: b.history.map(presentEvent),
        },
      };
    },
  );
  app.patch(
    '/giving/batches/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Change an open batch’s counted total (after a recount), label or date, with a reason',
        params: idParams,
        body: updateBatchRequest,
        response: { 200: batchResponse, ...errors },
      },
    },
    async (request) => {
      await service.update(currentUser(request), request.params.id, request.body);
      return current(request.params.id, BATCH_TEXTS.countChanged);
    },
  );
  app.post(
    '/giving/batches/:id/donations',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Record a gift in an open batch: a member, a named guest, or loose (no donor)',
        params: idParams,
        body: recordGiftRequest,
        response: { 201: batchResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.recordGift(currentUser(request), request.params.id, request.body);
      return reply.code(201).send(await current(request.params.id, BATCH_TEXTS.recorded));
    },
  );
  app.post(
    '/giving/batches/:id/close',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Close a batch (only when its gifts add up to the counted total)',
        params: idParams,
        response: { 200: batchResponse, ...errors },
      },
    },
    async (request) => {
      const { row, totals } = await service.close(currentUser(request), request.params.id);
      return { status: 'success' as const, message: BATCH_TEXTS.closed, data: { batch: presentBatch(row, totals) } };
    },
  );
  app.post(
    '/giving/batches/:id/reopen',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Reopen a closed batch, with a reason kept in its history',
        params: idParams,
        body: reopenBatchRequest,
        response: { 200: batchResponse, ...errors },
      },
    },
    async (request) => {
      await service.reopen(currentUser(request), request.params.id, request.body.reason);
      return current(request.params.id, BATCH_TEXTS.reopened);
    },
  );

  app.get(
    '/giving/donors',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'The member picker: people by name, phone (any form) or envelope number',
        querystring: donorsQuery,
        response: { 200: donorsResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { donors: await donors.search(request.query.q) } }),
  );
  app.post(
    '/giving/donors',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Add a new person while recording a gift',
        body: createDonorRequest,
        response: { 201: donorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({
          status: 'success',
          message: BATCH_TEXTS.donorAdded,
          data: { donor: await donors.create(auditActor(request), request.body) },
        }),
  );
  app.put(
    '/giving/donors/:id/envelope',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Give a member an envelope number (or take it away with null)',
        params: idParams,
        body: envelopeRequest,
        response: { 200: donorResponse, ...errors },
      },
    },
    async (request) => {
      const donor = await donors.envelope(auditActor(request), request.params.id, request.body.envelopeNumber);
      if (!donor) throw notFound(BATCH_TEXTS.noDonor);
      return { status: 'success' as const, message: 'Envelope number saved', data: { donor } };
    },
  );
}
