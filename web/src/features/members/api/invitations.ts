import { useMutation } from '@tanstack/react-query';
import { invitationResponse, type InvitationChannel } from '@church/contract/invitations';
import { api } from '../../../lib/api-client';

/** POST /members/{id}/invitation: the answer carries the link once (channel link); nothing can read it again. */
export function useInviteMember(id: string) {
  return useMutation({
    mutationFn: (channel: InvitationChannel) =>
      api(`/members/${id}/invitation`, { method: 'POST', body: { channel }, schema: invitationResponse }),
  });
}
