import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { errorResponses } from '@church/contract/http';
import {
  CHECKIN_TEXTS,
  checkinRequest,
  checkinResponse,
  kioskLookupRequest,
  kioskLookupResponse,
  kioskSessionResponse,
} from '@church/contract/checkin';
import { labelPrinters } from '../../db/schema/index';
import type { CheckinService } from './checkin-service';
import type { CheckinDeps } from './deps';
import type { FamiliesService } from './families-service';
import { kioskGuard, kioskOf } from './kiosk-auth';
import { openServices, serviceBrief, serviceDayOf } from './today';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The kiosk (a tablet at the door, the installed app): it finds one family by the last digits of a phone or
 * a card's code, and checks its children in. It never browses names and sees nothing of a family it did not find.
 */
export async function kioskRoutes(appBase: FastifyInstance, o: { deps: CheckinDeps; families: FamiliesService; checkin: CheckinService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Check-in'];
  const security = [{ kioskKey: [] }];
  const preValidation = kioskGuard(o.deps.db);

  app.get(
    '/kiosk/session',
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'This kiosk, the services open for check-in, the rooms',
        response: { 200: kioskSessionResponse, ...errors },
      },
    },
    async (request) => {
      const k = kioskOf(request);
      const tz = await o.deps.timeZone();
      const [printer] = k.printerId
        ? await o.deps.db.select({ name: labelPrinters.name }).from(labelPrinters).where(eq(labelPrinters.id, k.printerId))
        : [];
      return {
        status: 'success' as const,
        data: {
          kiosk: { id: k.id, name: k.name, printer: printer?.name ?? null },
          services: (await openServices(o.deps.db, tz)).map(serviceBrief),
          rooms: await o.families.rooms(),
        },
      };
    },
  );

  app.post(
    '/kiosk/lookup',
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'Find a family by the last digits of a phone, or a card',
        body: kioskLookupRequest,
        response: { 200: kioskLookupResponse, ...errors },
      },
    },
    async (request) => {
      const serviceDay = await serviceDayOf(o.deps.db, request.body.serviceId, await o.deps.timeZone());
      return {
        status: 'success' as const,
        data: await o.families.kioskLookup(request.body, { serviceId: request.body.serviceId, serviceDay }),
      };
    },
  );

  app.post(
    '/kiosk/checkins',
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'Check children in and print their labels (idempotent by batchId)',
        body: checkinRequest,
        response: { 200: checkinResponse, ...errors },
      },
    },
    async (request) => {
      const k = kioskOf(request);
      const result = await o.checkin.checkIn({ source: 'kiosk', kioskId: k.id, printerId: k.printerId }, request.body);
      return { status: 'success' as const, message: CHECKIN_TEXTS.checkedIn, data: result };
    },
  );
}
