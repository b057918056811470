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
import { useT } from '../../../lib/i18n/use-t';

export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN) return notify.error(t('auth.passwordMin', { min: PASSWORD_MIN }));
    if (password !== confirm) return notify.error(t('auth.passwordsDiffer'));
    setSubmitting(true);
    try {
      const res = await api('/auth/reset-password', {
        method: 'POST',
        body: { token, newPassword: password },
        schema: messageResponse,
        skipAuthRedirect: true,
      });
      setDone(res.message && t('auth.reset.done'));
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('auth.unexpected'));
    } finally {
      setSubmitting(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Stack>
          <Alert color="red" variant="light">
            {t('auth.reset.incomplete')}
          </Alert>
          <Anchor component={Link} to={paths.forgotPassword} ta="center">
            {t('auth.reset.askNew')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset.choose')}>
      {done ? (
        <Stack>
          <Alert color="green" variant="light">
            {done}
          </Alert>
          <Button component={Link} to={paths.login}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <div>
              <PasswordInput
                label={t('auth.reset.new')}
                visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                disabled={submitting}
              />
              <PasswordStrength password={password} />
            </div>
            <PasswordInput
              label={t('auth.reset.confirm')}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              disabled={submitting}
            />
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
