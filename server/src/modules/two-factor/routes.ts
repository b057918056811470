import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, messageResponse } from '@church/contract/http';
import {
  recoveryCodesResponse,
  twoFactorCodeRequest,
  twoFactorConfirmRequest,
  twoFactorDisableRequest,
  twoFactorEnrolmentResponse,
  twoFactorResetParams,
  twoFactorStatusResponse,
  TWO_FACTOR_TEXTS,
} from '@church/contract/two-factor';
import { auditActor } from '../audit/audit';
import { auth, currentUser, currentUserRow, twoFactorSetupRequired } from '../../plugins/auth';
import type { TwoFactorService } from './service';

/**
 * The signed-in person's own second factor (issue 29), and an administrator's reset of someone else's. The
 * sign-in step itself is POST /auth/login/two-factor (modules/auth/routes.ts), beside the password step.
 */
export async function twoFactorRoutes(appBase: FastifyInstance, { service }: { service: TwoFactorService }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['Authentication'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/auth/two-factor',
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: 'My two-factor sign-in: on or off, recovery codes left',
        security,
        response: { 200: twoFactorStatusResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return {
        status: 'success' as const,
        data: {
          ...(await service.status(me)),
          required: await twoFactorSetupRequired(request.server.db, { ...me, twoFactorEnabledAt: null }),
        },
      };
    },
  );

  app.post(
    '/auth/two-factor/enrolment',
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: its secret, shown this once',
        security,
        response: { 201: twoFactorEnrolmentResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const data = await service.startEnrolment(await currentUserRow(request));
      // Never cached anywhere on the way: the secret is shown once.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ status: 'success' as const, data });
    },
  );

  app.put(
    '/auth/two-factor',
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with the first code from the app (other sessions are signed out)',
        security,
        body: twoFactorConfirmRequest,
        response: { 200: recoveryCodesResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const recoveryCodes = await service.confirmEnrolment(
        await currentUserRow(request),
        request.body.code,
        currentUser(request).sessionId,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ status: 'success' as const, message: TWO_FACTOR_TEXTS.enabled, data: { recoveryCodes } });
    },
  );

  app.delete(
    '/auth/two-factor',
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (needs the password and a code)',
        security,
        body: twoFactorDisableRequest,
        response: { 200: messageResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      await service.disable(await currentUserRow(request), request.body.password, request.body.code);
      return { status: 'success' as const, message: TWO_FACTOR_TEXTS.disabled };
    },
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      preHandler: auth.required,
      schema: {
        tags,
        summary: 'Make new recovery codes (needs a code); the old ones stop working',
        security,
        body: twoFactorCodeRequest,
        response: { 201: recoveryCodesResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const recoveryCodes = await service.regenerateRecoveryCodes(await currentUserRow(request), request.body.code);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ status: 'success' as const, message: TWO_FACTOR_TEXTS.regenerated, data: { recoveryCodes } });
    },
  );

  app.delete(
    '/users/:id/two-factor',
    {
      preHandler: auth.permission('admin:panel'),
      schema: {
        tags,
        summary: 'Reset someone’s two-factor sign-in (a lost phone): audited, the person told, their sessions ended',
        security,
        params: twoFactorResetParams,
        response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.reset(auditActor(request), request.params.id);
      return { status: 'success' as const, message: TWO_FACTOR_TEXTS.reset };
    },
  );
}
