import archiver from 'archiver';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import {
  certificatesResponse,
  deliverabilityResponse,
  donorTaxProfileResponse,
  donorTaxProfileSchema,
  formatReceiptNumber,
  generateResponse,
  givingSettingsResponse,
  givingSettingsSchema,
  it3dQuery,
  taxYearQuery,
} from '@church/contract/giving-tax';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import { centsToRand } from '@church/contract/rules/money';
import type { TaxCertificateRow } from '../../db/schema/index';
import { auth, currentUser } from '../../plugins/auth';
import { certificateFileName, certificatePdf } from './certificate-pdf';
import type { DonorSnapshot, GiftLine, TaxService } from './tax-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['Giving: tax certificates'];
const security = [{ bearerAuth: [] }];

const present = (r: TaxCertificateRow) => ({
  _id: r.id,
  id: r.id,
  receiptNumber: formatReceiptNumber(r.receiptNumber),
  taxYear: r.taxYear,
  donorName: (r.donor as DonorSnapshot).name,
  total: centsToRand(r.totalCents),
  giftCount: (r.gifts as GiftLine[]).length,
  issuedAt: r.issuedAt.toISOString(),
  emailedAt: r.emailedAt?.toISOString() ?? null,
});

/** Tax & banking settings, donors' tax details, section 18A certificates, IT3(d). */
export async function taxRoutes(appBase: FastifyInstance, { service }: { service: TaxService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const read = auth.permission('finance:read');
  const manage = auth.permission('finance:manage');

  app.get(
    '/giving/tax-settings',
    {
      preHandler: read,
      schema: { tags, security, summary: 'PBO / section 18A and banking details', response: { 200: givingSettingsResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { settings: await service.getSettings() },
    }),
  );
  app.put(
    '/giving/tax-settings',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Save PBO / section 18A and banking details',
        body: givingSettingsSchema,
        response: { 200: givingSettingsResponse, ...errors },
      },
    },
    async (request) => {
      await service.saveSettings(request.body, currentUser(request));
      return { status: 'success' as const, data: { settings: await service.getSettings() } };
    },
  );
  app.get(
    '/giving/tax-profile',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Your details for tax certificates', response: { 200: donorTaxProfileResponse, ...errors } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { profile: await service.profile(currentUser(request).id) },
    }),
  );
  app.put(
    '/giving/tax-profile',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Save your details for tax certificates',
        body: donorTaxProfileSchema,
        response: { 200: donorTaxProfileResponse, ...errors },
      },
    },
    async (request) => {
      await service.saveProfile(currentUser(request).id, request.body);
      return { status: 'success' as const, data: { profile: request.body } };
    },
  );

  app.post(
    '/giving/certificates/generate',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Issue section 18A certificates for a tax year (donors without one)',
        body: taxYearQuery,
        response: { 200: generateResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.generate(request.body.taxYear, currentUser(request));
      return { status: 'success' as const, message: `${r.issued} certificate${r.issued === 1 ? '' : 's'} issued`, data: r };
    },
  );
  app.get(
    '/giving/certificates',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Certificates of a tax year',
        querystring: taxYearQuery,
        response: { 200: certificatesResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { certificates: (await service.list(request.query.taxYear)).map(present) },
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
      data: { certificates: (await service.mine(currentUser(request).id)).map(present) },
    }),
  );
  app.get(
    '/giving/certificates/deliverability',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Donors missing what a certificate or its delivery needs',
        querystring: taxYearQuery,
        response: { 200: deliverabilityResponse, ...errors },
      },
    },
    async (request) => {
      const r = await service.deliverability(request.query.taxYear);
      return {
        status: 'success' as const,
        data: {
          pboMissing: r.pboMissing,
          donors: r.donors.map((x) => ({ ...x, total: centsToRand(x.totalCents), totalCents: undefined })),
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
      const row = await service.forViewer(request.params.id, currentUser(request));
      reply.header('content-disposition', `attachment; filename="${certificateFileName(row)}"`).type('application/pdf');
      return reply.send(certificatePdf(row) as never);
    },
  );
  app.get(
    '/giving/certificates/zip',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Every certificate of a tax year as one ZIP (streamed)',
        querystring: taxYearQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const rows = await service.list(request.query.taxYear);
      const zip = archiver('zip', { zlib: { level: 6 } });
      // One PDF at a time: the next starts when the previous has been written.
      void (async () => {
        for (const r of rows) zip.append(certificatePdf(r), { name: certificateFileName(r) });
        await zip.finalize();
      })();
      reply.header('content-disposition', `attachment; filename="section-18a-${request.query.taxYear}.zip"`).type('application/zip');
      return reply.send(zip as never);
    },
  );
  app.post(
    '/giving/certificates/email',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'E-mail each donor that their certificate is ready',
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
        summary: 'IT3(d) third-party data (interim March–August, or annual) as CSV',
        querystring: it3dQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { taxYear, period } = request.query;
      const lines = await service.it3d(taxYear, period);
      const csv = stringify({
        header: true,
        columns: [
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
      });
      for (const l of lines) {
        const p = l.donor.profile;
        csv.write([
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
        ]);
      }
      csv.end();
      reply.header('content-disposition', `attachment; filename="it3d-${taxYear}-${period}.csv"`).type('text/csv; charset=utf-8');
      return reply.send(csv as never);
    },
  );
}
