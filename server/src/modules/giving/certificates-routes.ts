import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvDocument } from '../../lib/csv';
import { z } from 'zod';
import {
  CERTIFICATE_TEXTS,
  certificatesResponse,
  deliverabilityResponse,
  formatReceiptNumber,
  it3dQuery,
  reissueRequest,
  reissueResponse,
  taxYearQuery,
  type Certificate,
} from '@church/contract/giving-tax';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { centsToRand } from '@church/contract/rules/money';
import { loadArchiver } from '../../lib/heavy-modules';
import { auth, callerCan, currentUser } from '../../plugins/auth';
import { pipeTo, sendGenerated } from '../../lib/downloads';
import { auditActor } from '../audit/audit';
import { certificateFileName, certificatePdf } from './certificate-pdf';
import { localDate } from './exports';
import type { CertificateListRow, DonorSnapshot, GiftLine, TaxService } from './tax-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving: tax certificates'];
const security = [{ bearerAuth: [] }];
const receipt = (n: number | null) => (n === null ? null : formatReceiptNumber(n));

export const presentCertificate = ({ cert: r, replaces, replacedBy }: CertificateListRow): Certificate => {
  const dates = (r.gifts as GiftLine[]).map((g) => g.date).sort();
  return {
    _id: r.id,
    id: r.id,
    receiptNumber: formatReceiptNumber(r.receiptNumber),
    taxYear: r.taxYear,
    donorName: (r.donor as DonorSnapshot).name,
    total: centsToRand(r.totalCents),
    giftCount: dates.length,
    giftsFrom: dates[0] ?? null,
    giftsTo: dates.at(-1) ?? null,
    household: r.contributorIds.length > 0,
    issuedAt: r.issuedAt.toISOString(),
    giftsUpTo: r.giftsUpTo?.toISOString() ?? null,
    emailedAt: r.emailedAt?.toISOString() ?? null,
    status: r.status as Certificate['status'],
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
    replaces: receipt(replaces),
    replacedBy: receipt(replacedBy),
  };
};

/** Section 18A certificates: the list, the attention list, PDFs and ZIP, e-mail, cancel-and-reissue, IT3(d). */
export async function certificatesRoutes(
  appBase: FastifyInstance,
  { service, timeZone }: { service: TaxService; timeZone: () => Promise<string> },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // Certificates name their donors: named giving, which a church may withhold from pastors (issue 29).
  const read = auth.permission('giving:named');
  const manage = auth.permission('finance:manage');

  app.get(
    '/giving/certificates',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Certificates of a tax year, valid and cancelled',
        querystring: taxYearQuery,
        response: { 200: certificatesResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { certificates: (await service.list(request.query.taxYear)).map(presentCertificate) },
    }),
  );
  app.get(
    '/giving/certificates/mine',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Your own certificates', response: { 200: certificatesResponse, ...errors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { certificates: (await service.mine(currentUser(request).id)).map(presentCertificate) },
    }),
  );
  app.get(
    '/giving/certificates/deliverability',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'What needs attention: donors missing details, what a run would issue, certificates that disagree with the books',
        querystring: taxYearQuery,
        response: { 200: deliverabilityResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.deliverability(request.query.taxYear);
      const tz = await timeZone();
      return {
        status: 'success' as const,
        data: {
          pboMissing: r.pboMissing,
          donors: r.donors.map(({ totalCents, ...x }) => ({ ...x, total: centsToRand(totalCents) })),
          ready: { certificates: r.ready.certificates, total: centsToRand(r.ready.totalCents) },
          eligibleFunds: r.eligibleFunds,
          outOfDate: r.outOfDate.map((c) => ({
            _id: c.id,
            id: c.id,
            receiptNumber: formatReceiptNumber(c.receiptNumber),
            donorName: c.donorName,
            problem: [
              c.notCompleted ? `${c.notCompleted} gift${c.notCompleted === 1 ? '' : 's'} on it no longer completed` : '',
              c.changed ? `${c.changed} gift${c.changed === 1 ? '' : 's'} changed in amount` : '',
              c.notEligible ? `${c.notEligible} gift${c.notEligible === 1 ? '' : 's'} to a fund that is not section 18A-eligible` : '',
            ]
              .filter(Boolean)
              .join('; '),
          })),
          year: {
            startsOn: localDate(r.year.from, tz),
            endsOn: localDate(new Date(r.year.to.getTime() - 1), tz),
            ended: r.year.ended,
          },
        },
      };
    },
  );
  app.get(
    '/giving/certificates/:id/pdf',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'One certificate as PDF (the donor, or finance roles)', params: idParams, response: errors },
    },
    async (request, reply) => {
      const row = await service.forViewer(request.params.id, currentUser(request), await callerCan(request, 'giving:named'));
      reply.header('content-disposition', `attachment; filename="${certificateFileName(row.cert)}"`).type('application/pdf');
      return reply.send((await certificatePdf(row, await timeZone())) as never);
    },
  );
  app.post(
    '/giving/certificates/:id/reissue',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Cancel a certificate (kept, with the reason) and issue its replacement under the next receipt number',
        description:
          'For wrong donor details, or a certificate the books no longer agree with. The replacement covers the gifts on it that are still completed, with today’s donor and PBO details; when those are incomplete there is no replacement yet and the next run issues it.',
        params: idParams,
        body: reissueRequest,
        response: { 200: reissueResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.reissue(request.params.id, request.body.reason, auditActor(request));
      const cancelled = presentCertificate(r.cancelled);
      const replacement = r.replacement ? presentCertificate(r.replacement) : null;
      return {
        status: 'success' as const,
        message: CERTIFICATE_TEXTS.reissued(cancelled.receiptNumber, replacement?.receiptNumber ?? null, r.notReplaced),
        data: { cancelled, replacement },
      };
    },
  );
  app.get(
    '/giving/certificates/zip',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Every valid certificate of a tax year as one ZIP (streamed)',
        querystring: taxYearQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const rows = (await service.list(request.query.taxYear)).filter((r) => r.cert.status === 'issued');
      const tz = await timeZone();
      const archiver = await loadArchiver();
      return sendGenerated(
        request,
        reply,
        { type: 'application/zip', fileName: `section-18a-${request.query.taxYear}.zip` },
        async (out, signal) => {
          const zip = archiver('zip', { zlib: { level: 6 } });
          const piped = pipeTo(zip, out, signal);
          // One PDF at a time: the next is rendered only when archiver has written the previous entry,
          // so memory holds one certificate however many there are (a PDFKit document renders as soon as it ends).
          for (const r of rows) {
            signal.throwIfAborted();
            const written = once(zip, 'entry', { signal });
            zip.append(await certificatePdf(r, tz), { name: certificateFileName(r.cert) });
            await written;
          }
          // The pipeline's end says the ZIP is whole (finalize's own promise may never settle once aborted).
          zip.finalize().catch(() => {});
          await piped;
        },
      );
    },
  );
  app.post(
    '/giving/certificates/email',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'E-mail each donor that their certificate is ready (valid certificates not e-mailed yet)',
        body: taxYearQuery,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const sent = await service.emailAll(request.body.taxYear);
      return { status: 'success' as const, message: `${sent} donor${sent === 1 ? '' : 's'} e-mailed` };
    },
  );
  app.get(
    '/giving/it3d',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'IT3(d) third-party data (interim March–August, or annual) as CSV, from the valid certificates',
        querystring: it3dQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { taxYear, period } = request.query;
      const lines = await service.it3d(taxYear, period);
      // The one CSV writer (lib/csv.ts): every text cell a donor typed passes the formula guard.
      const csv = csvDocument(
        [
          'Receipt number',
          'Donor name',
          'Trading name',
          'Legal type',
          'ID type',
          'ID / registration number',
          'Country',
          'Income tax number',
          'Address',
          'Telephone',
          'E-mail',
          'Donations',
          'Amount (R)',
        ],
        lines.map((l) => {
          const p = l.donor.profile;
          return [
            formatReceiptNumber(l.cert.receiptNumber),
            l.donor.name,
            p.tradingName,
            p.legalType,
            p.idType,
            p.idNumber,
            p.idCountry,
            p.taxNumber,
            l.donor.address,
            l.donor.phone,
            l.donor.email,
            l.count,
            (l.cents / 100).toFixed(2),
          ];
        }),
        { bom: false },
      );
      reply.header('content-disposition', `attachment; filename="it3d-${taxYear}-${period}.csv"`).type('text/csv; charset=utf-8');
      return reply.send(csv);
    },
  );
}
