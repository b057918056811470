import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileResponse, type ProfileUpdateRequest } from '@church/contract/members';
import { sessionResponse, type UpdatePasswordRequest } from '@church/contract/auth';
import { api } from '../../../lib/api-client';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['members', 'profile'] as const,
    queryFn: () => api('/members/profile', { schema: profileResponse }).then((r) => r.data.member),
  });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) =>
      api('/members/profile', { method: 'PUT', body, schema: profileResponse }).then((r) => ({ user: r.data.user, token: r.token })),
    onSuccess: ({ user }) => {
      qc.setQueryData(profileQuery().queryKey, user);
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** PATCH /auth/update-password: answers with a new token (other sessions are signed out) and the user. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: UpdatePasswordRequest) => api('/auth/update-password', { method: 'PATCH', body, schema: sessionResponse }),
  });
}
