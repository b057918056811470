import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequest,
  loginRequest,
  meResponse,
  registerRequest,
  resetPasswordRequest,
  sessionResponse,
  updatePasswordRequest,
  PASSWORD_UPDATE_TEXTS,
} from '@church/contract/auth';
import { errorResponse, messageResponse, errorResponses } from '@church/contract/http';
import { sessionIdParams, sessionsEndedResponse, sessionsResponse, SESSION_TEXTS } from '@church/contract/sessions';
import { auth, currentUser, currentUserRow } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import { originOf, type SessionService } from './sessions';
import { presentUser } from '../users/presenter';
import type { AuthService } from './service';

const errors = errorResponses(400, 401, 403, 409, 429);

export async function authRoutes(appBase: FastifyInstance, { service, sessions }: { service: AuthService; sessions: SessionService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Authentication'];

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create a member (or developer) account',
        body: registerRequest,
        response: { 201: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, token } = await service.register(request.body, request.ip, originOf(request));
      return reply.code(201).send({ status: 'success', message: 'Account created successfully!', token, user: presentUser(user) });
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags, summary: 'Sign in with e-mail and password', body: loginRequest, response: { 200: sessionResponse, ...errors } } },
    async (request) => {
      const { user, token } = await service.login(request.body.email, request.body.password, request.ip, originOf(request));
      return { status: 'success' as const, message: 'Login successful', token, user: presentUser(user) };
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: auth.required,
      schema: { tags, summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: meResponse, 401: errorResponse } },
    },
    async (request) => ({ status: 'success' as const, data: { user: presentUser(await currentUserRow(request)) } }),
  );

  app.patch(
    '/auth/update-password',
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: 'Change the password (other sessions are signed out)',
        security: [{ bearerAuth: [] }],
        body: updatePasswordRequest,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request) => {
      const { user, token } = await service.updatePassword(
        await currentUserRow(request),
        request.body.currentPassword,
        request.body.newPassword,
        originOf(request),
      );
      return { status: 'success' as const, message: PASSWORD_UPDATE_TEXTS.updated, token, user: presentUser(user) };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'E-mail a one-hour password reset link',
        body: forgotPasswordRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return { status: 'success' as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset token',
        body: resetPasswordRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(request.body.token, request.body.newPassword);
      return { status: 'success' as const, message: 'Your password has been reset. You can now sign in.' };
    },
  );

  // Sign-ins (issue 29, "sign out everywhere"): the person's own sessions, each ended on every instance at once.
  const sessionTags = ['Authentication'];
  const signedIn = { preHandler: auth.required } as const;
  const sessionErrors = errorResponses(401);

  app.get(
    '/auth/sessions',
    {
      ...signedIn,
      schema: {
        tags: sessionTags,
        summary: 'My sessions: each sign-in with its device and last use, this one marked',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionsResponse, ...sessionErrors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { status: 'success' as const, data: { sessions: await sessions.list(me.id, me.sessionId) } };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      ...signedIn,
      schema: {
        tags: sessionTags,
        summary: 'End one of my sessions (its token stops working at once)',
        security: [{ bearerAuth: [] }],
        params: sessionIdParams,
        response: { 200: sessionsEndedResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      if (!(await sessions.end(currentUser(request).id, request.params.id))) throw notFound(SESSION_TEXTS.notFound);
      return { status: 'success' as const, message: SESSION_TEXTS.ended, ended: 1 };
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      ...signedIn,
      schema: {
        tags: sessionTags,
        summary: 'End every session but this one',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionsEndedResponse, ...sessionErrors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const ended = await sessions.endAll(me.id, me.sessionId);
      return { status: 'success' as const, message: SESSION_TEXTS.othersEnded, ended };
    },
  );

  app.post(
    '/auth/logout-everywhere',
    {
      ...signedIn,
      schema: {
        tags: sessionTags,
        summary: 'Sign out everywhere: end every session, this one included',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionsEndedResponse, ...sessionErrors },
      },
    },
    async (request) => {
      const ended = await sessions.endAll(currentUser(request).id);
      return { status: 'success' as const, message: SESSION_TEXTS.allEnded, ended };
    },
  );

  app.post(
    '/auth/logout',
    {
      ...signedIn,
      schema: {
        tags: sessionTags,
        summary: 'Sign out: end this session',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionsEndedResponse, ...sessionErrors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const ended = me.sessionId && (await sessions.end(me.id, me.sessionId)) ? 1 : 0;
      return { status: 'success' as const, message: SESSION_TEXTS.loggedOut, ended };
    },
  );
}
