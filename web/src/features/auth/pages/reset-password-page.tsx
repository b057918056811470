import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { messageResponse } from '@church/contract/http';
import { PASSWORD_MIN } from '@church/contract/rules/password';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { PasswordStrength } from '../components/password-strength';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN) return notify.error(`Password must be at least ${PASSWORD_MIN} characters`);
    if (password !== confirm) return notify.error('Passwords do not match');
    setSubmitting(true);
    try {
      const res = await api('/auth/reset-password', {
        method: 'POST',
        body: { token, newPassword: password },
        schema: messageResponse,
        skipAuthRedirect: true,
      });
      setDone(res.message);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Stack>
          <Alert color="red" variant="light">
            This reset link is incomplete. Please use the link from your e-mail, or ask for a new one.
          </Alert>
          <Anchor component={Link} to={paths.forgotPassword} ta="center">
            Ask for a new link
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <Stack>
          <Alert color="green" variant="light">
            {done}
          </Alert>
          <Button component={Link} to={paths.login}>
            Sign In
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <div>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                disabled={submitting}
              />
              <PasswordStrength password={password} />
            </div>
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              disabled={submitting}
            />
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? 'Saving...' : 'Set new password'}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
