import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '@church/contract/http';
import {
  CHECKIN_TEXTS,
  checkinRequest,
  checkinResponse,
  familiesQuery,
  familiesResponse,
  familyRequest,
  familyResponse,
  kioskSessionResponse,
  printJobsResponse,
  printResponse,
  releaseRequest,
  releaseResponse,
  securityCode,
  tagLookupResponse,
} from '@church/contract/checkin';
import { auth, currentUser } from '../../plugins/auth';
import type { CheckinService } from './checkin-service';
import type { CheckinDeps } from './deps';
import type { FamiliesService } from './families-service';
import type { PrintService } from './printing/print-service';
import { openServices, serviceBrief, serviceDayOf } from './today';

const errors = errorResponses(400, 401, 403, 404, 409);
const serviceQuery = z.object({ serviceId: z.string().uuid('That service id is not valid').optional() });
const printerBody = z.object({ printerId: z.string().uuid('That printer id is not valid').nullable().default(null) });

/** The staffed station (volunteers at the welcome desk): any family, first-time families, collection. */
export async function stationRoutes(
  appBase: FastifyInstance,
  o: { deps: CheckinDeps; families: FamiliesService; checkin: CheckinService; printing: PrintService },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Check-in'];
  const security = [{ bearerAuth: [] }];
  const staff = auth.permission('checkin:staff');
  const day = async (serviceId?: string) => serviceDayOf(o.deps.db, serviceId, await o.deps.timeZone());

  app.get(
    '/checkin/today',
    {
      preHandler: staff,
      schema: { tags, security, summary: 'Services open for check-in and the rooms', response: { 200: kioskSessionResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: {
        kiosk: { id: 'station', name: 'Station', printer: null },
        services: (await openServices(o.deps.db, await o.deps.timeZone())).map(serviceBrief),
        rooms: await o.families.rooms(),
      },
    }),
  );
  app.get(
    '/checkin/families',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Find families by name or phone digits',
        querystring: familiesQuery,
        response: { 200: familiesResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { families: await o.families.search(request.query.q) },
    }),
  );
  app.get(
    '/checkin/families/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'A family with rooms that fit its children today',
        params: idParams,
        querystring: serviceQuery,
        response: { 200: familyResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: {
        family: await o.families.view(request.params.id, {
          serviceId: request.query.serviceId,
          serviceDay: await day(request.query.serviceId),
        }),
      },
    }),
  );
  app.post(
    '/checkin/families',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Add a first-time family (guardians, children with allergies and medical notes, collectors)',
        body: familyRequest,
        querystring: serviceQuery,
        response: { 201: familyResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        status: 'success',
        message: CHECKIN_TEXTS.familyAdded,
        data: { family: await o.families.create(request.body, { serviceDay: await day(request.query.serviceId) }) },
      }),
  );
  app.put(
    '/checkin/families/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Change a family',
        params: idParams,
        body: familyRequest,
        querystring: serviceQuery,
        response: { 200: familyResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { family: await o.families.update(request.params.id, request.body, { serviceDay: await day(request.query.serviceId) }) },
    }),
  );
  app.post(
    '/checkin/checkins',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Check children in at the station (idempotent by batchId)',
        body: checkinRequest.extend(printerBody.shape),
        response: { 200: checkinResponse, ...errors },
      },
    },
    async (request) => {
      const { printerId, ...body } = request.body;
      const result = await o.checkin.checkIn({ source: 'station', userId: currentUser(request).id, printerId }, body);
      return { status: 'success' as const, message: CHECKIN_TEXTS.checkedIn, data: result };
    },
  );
  app.get(
    '/checkin/tags/:code',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Who a guardian tag collects today',
        params: z.object({ code: securityCode }),
        querystring: z.object({ serviceId: z.string().uuid('That service id is not valid') }),
        response: { 200: tagLookupResponse, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await o.checkin.tag(request.query.serviceId, request.params.code),
    }),
  );
  app.post(
    '/checkin/release',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Release children against their tag or to an authorised collector (recorded)',
        body: releaseRequest,
        response: { 200: releaseResponse, ...errors },
      },
    },
    async (request) => {
      const released = await o.checkin.release(currentUser(request).id, request.body);
      return {
        status: 'success' as const,
        message: CHECKIN_TEXTS.released(released.map((r) => r.childName).join(', ')),
        data: { released },
      };
    },
  );
  app.post(
    '/checkin/checkins/:id/reprint',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: "Reprint a check-in's labels (same code)",
        params: idParams,
        body: printerBody,
        response: { 200: printResponse, ...errors },
      },
    },
    async (request) => {
      const { print } = await o.checkin.reprint(request.params.id, request.body.printerId);
      return { status: 'success' as const, message: print.message, data: print };
    },
  );
  app.get(
    '/checkin/print-jobs',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: "Today's label print jobs (failed ones can be reprinted)",
        querystring: z.object({ failed: z.enum(['true', 'false']).optional() }),
        response: { 200: printJobsResponse, ...errors },
      },
    },
    async (request) => {
      const jobs = await o.printing.jobs(await day(), request.query.failed === 'true');
      return {
        status: 'success' as const,
        data: {
          jobs: jobs.map((j) => ({
            _id: j.id,
            id: j.id,
            code: j.code,
            printerName: j.printerName,
            status: j.status as 'failed',
            error: j.error,
            attempts: j.attempts,
            createdAt: j.createdAt.toISOString(),
          })),
        },
      };
    },
  );
  app.post(
    '/checkin/print-jobs/:id/reprint',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        summary: 'Send a kept print job again (same labels, same code)',
        params: idParams,
        body: z.object({ printerId: z.string().uuid().optional() }),
        response: { 200: printResponse, ...errors },
      },
    },
    async (request) => {
      const print = await o.printing.reprint(request.params.id, request.body.printerId);
      return { status: 'success' as const, message: print.message, data: print };
    },
  );
}
