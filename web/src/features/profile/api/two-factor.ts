import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@church/contract/http';
import { recoveryCodesResponse, twoFactorEnrolmentResponse, twoFactorStatusResponse } from '@church/contract/two-factor';
import { api } from '../../../lib/api-client';

/** The person's own two-factor sign-in (issue 29): on or off, recovery codes left, required by the church. */
export const twoFactorQuery = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'] as const,
    queryFn: () => api('/auth/two-factor', { schema: twoFactorStatusResponse }).then((r) => r.data),
  });

/** A new secret, shown once: the QR code and the text for typing in by hand. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () =>
      api('/auth/two-factor/enrolment', { method: 'POST', body: {}, schema: twoFactorEnrolmentResponse }).then((r) => r.data),
  });
}

export function useConfirmTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/auth/two-factor', { method: 'PUT', body: { code }, schema: recoveryCodesResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['auth'] }),
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => api('/auth/two-factor', { method: 'DELETE', body, schema: messageResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/auth/two-factor/recovery-codes', { method: 'POST', body: { code }, schema: recoveryCodesResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}
