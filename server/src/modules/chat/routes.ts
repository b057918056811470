import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, errorResponses } from '@church/contract/http';
import {
  leaveResponse,
  messageResponse,
  messagesResponse,
  reactResponse,
  readResponse,
  roomResponse,
  roomsPageQuery,
  roomsPageResponse,
  roomsResponse,
  searchResponse,
  statsResponse,
} from '@church/contract/chat/api';
import { messagesQuery, reactRequest, searchQuery, sendMessageRequest } from '@church/contract/chat/messages';
import { createRoomRequest } from '@church/contract/chat/rooms';
import { auth, currentUser } from '../../plugins/auth';
import type { ChatService } from './service';
import { chatFileRoutes } from './file-routes';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const security = [{ bearerAuth: [] }];

/** Spec 002 §7.10. Every call needs a signed-in user; membership is checked in the service. */
export async function chatRoutes(appBase: FastifyInstance, opts: { service: ChatService; uploadDir: string }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const tags = ['Chat'];
  const ok = <T>(data: T) => ({ status: 'success' as const, data });

  app.get(
    '/chat/rooms',
    {
      preHandler: auth.withApiKey('read:chat', auth.required),
      schema: {
        tags,
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        summary: 'Active rooms, with membership and unread counts (an API key sees the room list only)',
        querystring: roomsPageQuery,
        response: { 200: roomsPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rooms, total } = request.apiKey
        ? await service.listPublicRooms({ page, limit })
        : await service.listRooms(currentUser(request), { page, limit });
      return ok({ rooms, page, limit, total });
    },
  );

  app.post(
    '/chat/rooms',
    {
      preHandler: auth.permission('chat:initialize'),
      schema: {
        tags,
        security,
        summary: 'Create a room (admin-type roles)',
        body: createRoomRequest,
        response: { 201: roomResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(ok({ room: await service.createRoom(currentUser(request), request.body) })),
  );

  app.post(
    '/chat/rooms/initialize',
    {
      preHandler: auth.permission('chat:initialize'),
      schema: {
        tags,
        security,
        summary: 'Create the four default rooms when missing (admin-type roles)',
        response: { 200: roomsResponse, ...errors },
      },
    },
    async (request) => ok({ rooms: await service.initializeDefaults(currentUser(request)) }),
  );

  app.get(
    '/chat/rooms/:id/messages',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'A page of messages, oldest first (members only)',
        params: idParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse, ...errors },
      },
    },
    async (request) => ok(await service.messages(currentUser(request), request.params.id, request.query.limit, request.query.before)),
  );

  app.post(
    '/chat/rooms/:id/messages',
    {
      // With an X-API-Key (tier holding write:chat) the message is posted as the key's owner, under the room's usual rules.
      preHandler: auth.withApiKey('write:chat', auth.required),
      schema: {
        tags,
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        summary: 'Post a text message (members only; tempId makes a resend safe)',
        params: idParams,
        body: sendMessageRequest,
        response: { 201: messageResponse, 200: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { message, duplicate } = await service.send(currentUser(request), request.params.id, request.body);
      return reply.code(duplicate ? 200 : 201).send(ok({ message }));
    },
  );

  app.post(
    '/chat/rooms/:id/join',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Join a room', params: idParams, response: { 200: roomResponse, ...errors } },
    },
    async (request) => ok({ room: await service.join(currentUser(request), request.params.id) }),
  );

  app.post(
    '/chat/rooms/:id/leave',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Leave a room', params: idParams, response: { 200: leaveResponse, ...errors } },
    },
    async (request) => ok(await service.leave(currentUser(request), request.params.id)),
  );

  app.get(
    '/chat/rooms/:id/info',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Room details with its members', params: idParams, response: { 200: roomResponse, ...errors } },
    },
    async (request) => ok({ room: await service.info(currentUser(request), request.params.id) }),
  );

  app.get(
    '/chat/rooms/:id/search',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Search the messages of a room (members only)',
        params: idParams,
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request) =>
      ok({ messages: await service.search(currentUser(request), request.params.id, request.query.q), query: request.query.q }),
  );

  app.post(
    '/chat/rooms/:id/read',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'Mark the room read up to now', params: idParams, response: { 200: readResponse, ...errors } },
    },
    async (request) => ok(await service.markRead(currentUser(request), request.params.id)),
  );

  app.post(
    '/chat/messages/:id/react',
    {
      preHandler: auth.required,
      schema: {
        tags,
        security,
        summary: 'Add a reaction, or take it back when already given',
        params: idParams,
        body: reactRequest,
        response: { 200: reactResponse, ...errors },
      },
    },
    async (request) => ok(await service.react(currentUser(request), request.params.id, request.body.emoji)),
  );

  app.get(
    '/chat/stats',
    { preHandler: auth.required, schema: { tags, security, summary: 'Chat figures', response: { 200: statsResponse, ...errors } } },
    async (request) => ok(await service.stats(currentUser(request))),
  );

  await app.register(chatFileRoutes, { service, uploadDir: opts.uploadDir });
}
