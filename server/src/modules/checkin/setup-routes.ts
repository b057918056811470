import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { errorResponses, idParams, messageResponse } from '@church/contract/http';
import {
  kioskCreatedResponse,
  kioskRequest,
  kiosksResponse,
  printerRequest,
  printerResponse,
  printersResponse,
  printResponse,
  roomRequest,
  roomResponse,
  roomsResponse,
} from '@church/contract/checkin';
import { checkinRooms, kiosks, labelPrinters } from '../../db/schema/index';
import { auth } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { CheckinDeps } from './deps';
import type { FamiliesService } from './families-service';
import { hashKioskKey, newKioskKey } from './kiosk-auth';
import type { PrintService } from './printing/print-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const presentPrinter = (p: typeof labelPrinters.$inferSelect) => ({
  _id: p.id,
  id: p.id,
  name: p.name,
  host: p.host,
  port: p.port,
  createdAt: p.createdAt.toISOString(),
});
const presentKiosk = (k: typeof kiosks.$inferSelect) => ({
  _id: k.id,
  id: k.id,
  name: k.name,
  printerId: k.printerId,
  lastSeenAt: k.lastSeenAt?.toISOString() ?? null,
  createdAt: k.createdAt.toISOString(),
});

/** Check-in settings (checkin:manage): rooms by age or grade, label printers with a test print, kiosks. */
export async function setupRoutes(appBase: FastifyInstance, o: { deps: CheckinDeps; families: FamiliesService; printing: PrintService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Check-in'];
  const security = [{ bearerAuth: [] }];
  const manage = auth.permission('checkin:manage');
  const db = o.deps.db;
  const checkRanges = (b: { minMonths: number | null; maxMonths: number | null; minGrade: number | null; maxGrade: number | null }) => {
    if (b.minMonths !== null && b.maxMonths !== null && b.minMonths > b.maxMonths)
      throw badRequest('The youngest age must not be above the oldest');
    if (b.minGrade !== null && b.maxGrade !== null && b.minGrade > b.maxGrade)
      throw badRequest('The lowest grade must not be above the highest');
  };

  app.get(
    '/checkin/rooms',
    {
      preHandler: auth.permission('checkin:staff'),
      schema: { tags, security, summary: 'Rooms and who fits them', response: { 200: roomsResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { rooms: await o.families.rooms() },
    }),
  );
  app.post(
    '/checkin/rooms',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Add a room (by age in months or school grade)',
        body: roomRequest,
        response: { 201: roomResponse, ...errors },
      },
    },
    async (request, reply) => {
      checkRanges(request.body);
      const [r] = await db.insert(checkinRooms).values(request.body).returning();
      return reply.code(201).send({ status: 'success', data: { room: { _id: r!.id, id: r!.id, ...request.body, name: r!.name } } });
    },
  );
  app.put(
    '/checkin/rooms/:id',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Change a room', params: idParams, body: roomRequest, response: { 200: roomResponse, ...errors } },
    },
    async (request) => {
      checkRanges(request.body);
      const [r] = await db.update(checkinRooms).set(request.body).where(eq(checkinRooms.id, request.params.id)).returning();
      if (!r) throw notFound('Room not found');
      return { status: 'success' as const, data: { room: { _id: r.id, id: r.id, ...request.body, name: r.name } } };
    },
  );
  app.delete(
    '/checkin/rooms/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Remove a room no child was ever checked into',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      try {
        const gone = await db.delete(checkinRooms).where(eq(checkinRooms.id, request.params.id)).returning();
        if (!gone.length) throw notFound('Room not found');
      } catch (err) {
        // Check-ins keep their room (history): a used room is kept.
        if ((err as { cause?: { code?: string } }).cause?.code === '23503')
          throw conflict('Children have been checked into this room: it stays in the records');
        throw err;
      }
      return { status: 'success' as const, message: 'Room removed' };
    },
  );

  app.get(
    '/checkin/printers',
    {
      preHandler: auth.permission('checkin:staff'),
      schema: { tags, security, summary: 'Label printers', response: { 200: printersResponse, ...errors } },
    },
    async () => ({
      status: 'success' as const,
      data: { printers: (await db.select().from(labelPrinters).orderBy(asc(labelPrinters.name))).map(presentPrinter) },
    }),
  );
  app.post(
    '/checkin/printers',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Add a network label printer (Zebra ZPL, raw TCP port 9100)',
        body: printerRequest,
        response: { 201: printerResponse, ...errors },
      },
    },
    async (request, reply) => {
      const [p] = await db.insert(labelPrinters).values(request.body).returning();
      return reply.code(201).send({ status: 'success', message: 'Printer added', data: { printer: presentPrinter(p!) } });
    },
  );
  app.put(
    '/checkin/printers/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Change a printer',
        params: idParams,
        body: printerRequest,
        response: { 200: printerResponse, ...errors },
      },
    },
    async (request) => {
      const [p] = await db.update(labelPrinters).set(request.body).where(eq(labelPrinters.id, request.params.id)).returning();
      if (!p) throw notFound('Printer not found');
      return { status: 'success' as const, message: 'Printer saved', data: { printer: presentPrinter(p) } };
    },
  );
  app.delete(
    '/checkin/printers/:id',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Remove a printer', params: idParams, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      const gone = await db.delete(labelPrinters).where(eq(labelPrinters.id, request.params.id)).returning();
      if (!gone.length) throw notFound('Printer not found');
      return { status: 'success' as const, message: 'Printer removed' };
    },
  );
  app.post(
    '/checkin/printers/:id/test',
    {
      preHandler: manage,
      schema: { tags, security, summary: 'Print a test label', params: idParams, response: { 200: printResponse, ...errors } },
    },
    async (request) => {
      const print = await o.printing.testPrint(request.params.id);
      return { status: 'success' as const, message: print.message, data: print };
    },
  );

  app.get(
    '/checkin/kiosks',
    { preHandler: manage, schema: { tags, security, summary: 'Kiosks set up on devices', response: { 200: kiosksResponse, ...errors } } },
    async () => ({
      status: 'success' as const,
      data: { kiosks: (await db.select().from(kiosks).where(isNull(kiosks.revokedAt)).orderBy(asc(kiosks.name))).map(presentKiosk) },
    }),
  );
  app.post(
    '/checkin/kiosks',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Set up a kiosk: its key is shown once, to this device',
        body: kioskRequest,
        response: { 201: kioskCreatedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { printerId } = request.body;
      if (printerId && !(await db.select({ id: labelPrinters.id }).from(labelPrinters).where(eq(labelPrinters.id, printerId))).length)
        throw badRequest('That printer is not set up any more: choose another, or none');
      const key = newKioskKey();
      const [k] = await db
        .insert(kiosks)
        .values({ name: request.body.name, printerId: request.body.printerId, keyHash: hashKioskKey(key) })
        .returning();
      return reply.code(201).send({ status: 'success', data: { kiosk: presentKiosk(k!), key } });
    },
  );
  app.delete(
    '/checkin/kiosks/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        security,
        summary: 'Revoke a kiosk (a lost tablet): its key stops working at once',
        params: idParams,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const gone = await db
        .update(kiosks)
        .set({ revokedAt: new Date() })
        .where(and(eq(kiosks.id, request.params.id), isNull(kiosks.revokedAt)))
        .returning();
      if (!gone.length) throw notFound('Kiosk not found');
      return { status: 'success' as const, message: 'Kiosk revoked' };
    },
  );
}
