import type { FastifyInstance } from 'fastify';
import { originOf } from '../../auth/sessions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import {
  INVITATION_TEXTS,
  acceptInvitationRequest,
  acceptInvitationResponse,
  createInvitationRequest,
  invitationInfoQuery,
  invitationInfoResponse,
  invitationResponse,
} from '@church/contract/invitations';
import { auth, currentUser } from '../../../plugins/auth';
import { auditActor } from '../../audit/audit';
import { presentUser } from '../../users/presenter';
import type { Invitations } from './service';

/**
 * Invitations to the member portal: a leader with members:manage creates one; the person opens
 * /invitation?token=… (no sign-in), sets a password (and an e-mail if they had none) and is signed in.
 */
export async function invitationRoutes(appBase: FastifyInstance, { invitations }: { invitations: Invitations }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/members/:id/invitation',
    {
      preHandler: auth.permission('members:manage'),
      schema: {
        tags: ['Members'],
        security: [{ bearerAuth: [] }],
        summary: 'Invite a member to the portal: an e-mail with a set-password link, or a single-use link shown once (7 days)',
        params: idParams,
        body: createInvitationRequest,
        response: { 201: invitationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const invitation = await invitations.create({ ...auditActor(request), actorId: me.id }, request.params.id, request.body.channel);
      const message = invitation.email ? INVITATION_TEXTS.sent(invitation.email) : INVITATION_TEXTS.linkReady;
      return reply.code(201).send({ status: 'success' as const, message, data: { invitation } });
    },
  );

  app.get(
    '/auth/invitation',
    {
      schema: {
        tags: ['Authentication'],
        summary: 'Who an invitation link is for (name, whether an e-mail is still needed); does not use the link up',
        querystring: invitationInfoQuery,
        response: { 200: invitationInfoResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await invitations.info(request.query.token, request.ip) }),
  );

  app.post(
    '/auth/accept-invitation',
    {
      schema: {
        tags: ['Authentication'],
        summary: 'Accept an invitation: set a password (and an e-mail when none is on record) and sign in',
        body: acceptInvitationRequest,
        response: { 200: acceptInvitationResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const { user, token } = await invitations.accept(request.body, request.ip, originOf(request).userAgent);
      return { status: 'success' as const, message: INVITATION_TEXTS.accepted, token, user: presentUser(user) };
    },
  );
}
