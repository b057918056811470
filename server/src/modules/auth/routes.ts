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
} from '@church/contract/auth';
import { errorResponse, messageResponse, errorResponses } from '@church/contract/http';
import { auth, currentUserRow } from '../../plugins/auth';
import { presentUser } from '../users/presenter';
import type { AuthService } from './service';

const errors = errorResponses(400, 401, 403, 409, 429);

export async function authRoutes(appBase: FastifyInstance, { service }: { service: AuthService }) {
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
      const { user, token } = await service.register(request.body, request.ip);
      return reply.code(201).send({ status: 'success', message: 'Account created successfully!', token, user: presentUser(user) });
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags, summary: 'Sign in with e-mail and password', body: loginRequest, response: { 200: sessionResponse, ...errors } } },
    async (request) => {
      const { user, token } = await service.login(request.body.email, request.body.password, request.ip);
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
      );
      return { status: 'success' as const, message: 'Password updated successfully', token, user: presentUser(user) };
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
}
