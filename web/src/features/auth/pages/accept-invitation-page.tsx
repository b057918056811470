import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INVITATION_TEXTS, acceptInvitationResponse, invitationInfoResponse } from '@church/contract/invitations';
import { isValidEmail } from '@church/contract/rules/email';
import { PASSWORD_MIN } from '@church/contract/rules/password';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { PasswordStrength } from '../components/password-strength';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' });

/** /invitation?token=…: someone a leader invited sets a password (and an e-mail when none is on record) and is signed in. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const info = useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      api(`/auth/invitation?token=${encodeURIComponent(token)}`, { schema: invitationInfoResponse, skipAuthRedirect: true }).then(
        (r) => r.data,
      ),
    enabled: !!token,
    retry: false,
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (info.data?.needsEmail && !isValidEmail(email.trim())) return notify.error(INVITATION_TEXTS.emailNeeded);
    if (password.length < PASSWORD_MIN) return notify.error(`Password must be at least ${PASSWORD_MIN} characters`);
    if (password !== confirm) return notify.error('Passwords do not match');
    setSubmitting(true);
    try {
      const res = await api('/auth/accept-invitation', {
        method: 'POST',
        body: { token, password, ...(info.data?.needsEmail ? { email: email.trim() } : {}) },
        schema: acceptInvitationResponse,
        skipAuthRedirect: true,
      });
      session.accept(res.token, res.user);
      notify.success(res.message);
      navigate(paths.dashboard, { replace: true });
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'An unexpected error occurred. Please try again.');
      setSubmitting(false);
    }
  }

  if (!token || info.isError) {
    return (
      <AuthCard title={INVITATION_TEXTS.acceptTitle}>
        <Stack>
          <Alert color="red" variant="light">
            {info.error instanceof ApiError && info.error.status !== 429 ? info.error.message : INVITATION_TEXTS.invalid}
          </Alert>
          <Anchor component={Link} to={paths.login} ta="center">
            Sign In
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  if (!info.data) {
    return (
      <AuthCard title={INVITATION_TEXTS.acceptTitle}>
        <Skeleton height={220} />
      </AuthCard>
    );
  }

  const who = info.data;
  return (
    <AuthCard title={INVITATION_TEXTS.acceptTitle} subtitle={`Hello ${who.name}: choose a password to sign in.`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {who.needsEmail ? (
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              description="You sign in with it"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              disabled={submitting}
            />
          ) : (
            <Text size="sm">
              You will sign in as <b>{who.email}</b>.
            </Text>
          )}
          <div>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              disabled={submitting}
            />
            <PasswordStrength password={password} />
          </div>
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            disabled={submitting}
          />
          <Text size="xs" c="dimmed">
            {INVITATION_TEXTS.expires(dayOf(who.expiresAt))}
          </Text>
          <Button type="submit" disabled={submitting} fullWidth>
            {submitting ? 'Saving...' : 'Set password and sign in'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
