import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CERTIFICATE_RUN_TEXTS,
  certificateRunRequest,
  certificateRunResponse,
  certificateRunsResponse,
  formatReceiptNumber,
  taxYearQuery,
  type CertificateRun,
} from '@church/contract/giving-tax';
import { errorResponses, idParams } from '@church/contract/http';
import { auth, currentUser } from '../../plugins/auth';
import { auditActor } from '../audit/audit';
import type { CertificateRunView, CertificateRuns } from './certificate-runs';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving: tax certificates'];
const security = [{ bearerAuth: [] }];
const iso = (d: Date | null) => d?.toISOString() ?? null;
const receipt = (n: number | null) => (n === null ? null : formatReceiptNumber(n));

export const presentRun = (r: CertificateRunView): CertificateRun => ({
  _id: r.id,
  id: r.id,
  taxYear: r.taxYear,
  status: r.status as CertificateRun['status'],
  attempts: r.attempts,
  issued: r.issued,
  alreadyIssued: r.alreadyIssued,
  skipped: r.skipped,
  firstReceipt: receipt(r.firstReceipt),
  lastReceipt: receipt(r.lastReceipt),
  error: r.error,
  requestedBy: r.requestedByName ?? 'Former member',
  createdAt: r.createdAt.toISOString(),
  startedAt: iso(r.startedAt),
  finishedAt: iso(r.finishedAt),
});

/** Issuing a tax year's certificates through the job queue, and following it. */
export async function certificateRunsRoutes(appBase: FastifyInstance, { runs }: { runs: CertificateRuns }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/giving/certificates/runs',
    {
      preHandler: auth.permission('finance:manage'),
      schema: {
        tags,
        security,
        summary: 'Issue the section 18A certificates of a tax year (donors without one), as a job',
        description:
          'Answers 202 with the run at once; follow it with GET /giving/certificates/runs/{id} (queued, running, done with the counts, failed with the reason). While a run of the tax year is queued and not started, that run is answered (it covers this request too). A tax year that has not ended answers 409 unless confirmRunningYear is true.',
        body: certificateRunRequest,
        response: { 202: certificateRunResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { run, created } = await runs.request(
        request.body.taxYear,
        { ...auditActor(request), actorId: currentUser(request).id },
        { confirmRunningYear: request.body.confirmRunningYear },
      );
      return reply.code(202).send({
        status: 'success' as const,
        message: created ? CERTIFICATE_RUN_TEXTS.queued : CERTIFICATE_RUN_TEXTS.alreadyQueued,
        data: { run: presentRun(run) },
      });
    },
  );

  app.get(
    '/giving/certificates/runs',
    {
      preHandler: auth.permission('finance:read'),
      schema: {
        tags,
        security,
        summary: 'The latest certificate runs of a tax year, newest first',
        querystring: taxYearQuery,
        response: { 200: certificateRunsResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { runs: (await runs.list(request.query.taxYear)).map(presentRun) } }),
  );

  app.get(
    '/giving/certificates/runs/:id',
    {
      preHandler: auth.permission('finance:read'),
      schema: {
        tags,
        security,
        summary: 'One certificate run: where it is, and what it issued',
        params: idParams,
        response: { 200: certificateRunResponse, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: { run: presentRun(await runs.get(request.params.id)) } }),
  );
}
