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
import { loginResponse, signedInResponse, twoFactorLoginRequest, TWO_FACTOR_TEXTS } from '@church/contract/two-factor';
import type { UserRow } from '../../db/schema/index';
import { auth, currentUser, currentUserRow, twoFactorSetupRequired } from '../../plugins/auth';
import type { TwoFactorService } from '../two-factor/service';
import { notFound } from '../../lib/errors';
import { originOf, type SessionService } from './sessions';
import { presentUser } from '../users/presenter';
import type { AuthService } from './service';

const errors = errorResponses(400, 401, 403, 409, 429);

export async function authRoutes(
  appBase: FastifyInstance,
  { service, sessions, twoFactor }: { service: AuthService; sessions: SessionService; twoFactor: TwoFactorService },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Authentication'];
  /** A session's answer; it says so when the church requires a second factor of this person and they have none yet. */
  const signedIn = async (user: UserRow, token: string) => ({
    status: 'success' as const,
    message: 'Login successful',
    token,
    user: presentUser(user),
    ...((await twoFactorSetupRequired(app.db, user)) ? { twoFactorSetupRequired: true } : {}),
  });

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
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (a person with two-factor sign-in gets a challenge for the second step)',
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => {
      const { user, token } = await service.login(request.body.email, request.body.password, request.ip, originOf(request));
      if (!token)
        return {
          status: 'success' as const,
          message: TWO_FACTOR_TEXTS.challengeSent,
          twoFactorRequired: true as const,
          challenge: twoFactor.challenge(user),
        };
      return signedIn(user, token);
    },
  );

  // The second step of sign-in (issue 29): the same per-address limits and account budget as the password.
  app.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags,
        summary: 'Sign in, second step: the challenge and a code from the authenticator app (or a recovery code)',
        body: twoFactorLoginRequest,
        response: { 200: signedInResponse, ...errors },
      },
    },
    async (request) => {
      const { user, token } = await twoFactor.login(request.body, request.ip, originOf(request));
      return signedIn(user, token);
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: auth.required,
      schema: { tags, summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: meResponse, 401: errorResponse } },
    },
    async (request) => {
      const user = await currentUserRow(request);
      const setup = await twoFactorSetupRequired(request.server.db, user);
      return { status: 'success' as const, data: { user: presentUser(user), ...(setup ? { twoFactorSetupRequired: true } : {}) } };
    },
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
  const signedInOnly = { preHandler: auth.required } as const;
  const sessionErrors = errorResponses(401);

  app.get(
    '/auth/sessions',
    {
      ...signedInOnly,
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
      ...signedInOnly,
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
      ...signedInOnly,
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
      ...signedInOnly,
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
      ...signedInOnly,
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
