import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isValidEmail } from '@church/contract/rules/email';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { isTwoFactorPending, useSession } from '../../../lib/session';
import type { User } from '@church/contract/users';
import { TwoFactorStep } from '../components/two-factor-step';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { usePostLoginRedirect } from '../use-post-login-redirect';
import { useT } from '../../../lib/i18n/use-t';

export function LoginPage() {
  const session = useSession();
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  /** Set when the password was right and the account asks for its second factor (issue 29). */
  const [challenge, setChallenge] = useState<string | null>(null);
  const location = useLocation();
  usePostLoginRedirect(session.user, session.isAuthenticated && !session.loading);

  const welcome = (user: User) => notify.success(t('auth.login.welcome', { name: user.name?.split(' ')[0] || t('auth.login.friend') }));

  if (challenge)
    return (
      <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
        <TwoFactorStep challenge={challenge} onSignedIn={welcome} onRestart={() => setChallenge(null)} />
      </AuthCard>
    );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return notify.error(t('auth.fillAll'));
    if (!isValidEmail(email)) return notify.error(t('auth.invalidEmail'));
    setSubmitting(true);
    try {
      const user = await session.login({ email: email.trim(), password });
      if (isTwoFactorPending(user)) {
        setChallenge(user.challenge);
        setPassword('');
        setSubmitting(false);
        return;
      }
      welcome(user);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message || t('auth.loginFailed') : t('auth.unexpected'));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={submitting}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            disabled={submitting}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
          />
          <Group justify="space-between">
            <Checkbox label={t('auth.login.remember')} disabled={submitting} />
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={false} disabled={submitting}>
            {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
          <Text ta="center" size="sm">
            {t('auth.login.noAccount')} {/* Carries where the person was going, so signing up instead brings them back there too. */}
            <Anchor component={Link} to={paths.register} state={location.state}>
              {t('auth.login.createOne')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
