import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { isValidEmail } from '@church/contract/rules/email';
import { messageResponse } from '@church/contract/http';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { useT } from '../../../lib/i18n/use-t';

export function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isValidEmail(email)) return notify.error(t('auth.invalidEmail'));
    setSubmitting(true);
    try {
      const res = await api('/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        schema: messageResponse,
        skipAuthRedirect: true,
      });
      // The server's answer is always this one text (it reveals nothing): shown in the reader's language.
      setSent(res.message && t('auth.forgot.sent'));
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('auth.unexpected'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {sent ? (
        <Stack>
          <Alert color="green" variant="light" title={t('auth.forgot.checkEmail')}>
            {sent}
          </Alert>
          <Anchor component={Link} to={paths.login} ta="center">
            {t('auth.forgot.back')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              disabled={submitting}
            />
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
            </Button>
            <Text ta="center" size="sm">
              <Anchor component={Link} to={paths.login}>
                {t('auth.forgot.back')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
