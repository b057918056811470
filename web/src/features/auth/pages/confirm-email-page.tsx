import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { messageResponse } from '@church/contract/http';
import { api, ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { useT } from '../../../lib/i18n/use-t';

/**
 * /confirm-email?token=… (issue 29, finding 5): the link the church office's change of someone's login e-mail
 * sends to the NEW address. Confirming waits for a click, never the page load: mail scanners open links.
 * The server ends the person's sessions on success, so a session on this browser is forgotten too.
 */
export function ConfirmEmailPage() {
  const t = useT();
  const session = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function confirm() {
    setSubmitting(true);
    try {
      const res = await api('/members/email-change/confirm', {
        method: 'POST',
        body: { token },
        schema: messageResponse,
        skipAuthRedirect: true,
      });
      if (session.isAuthenticated) session.forget();
      setResult({ ok: true, message: res.message });
    } catch (err) {
      setResult({ ok: false, message: err instanceof ApiError && err.message ? err.message : t('auth.unexpected') });
    } finally {
      setSubmitting(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.confirmEmail.title')}>
        <Alert color="red" variant="light">
          {t('auth.confirmEmail.incomplete')}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.confirmEmail.title')}>
      {result?.ok ? (
        <Stack>
          <Alert color="green" variant="light" role="status">
            {result.message}
          </Alert>
          <Button component={Link} to={paths.login}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      ) : (
        <Stack>
          {result ? (
            <Alert color="red" variant="light" role="alert">
              {result.message}
            </Alert>
          ) : (
            <Text size="sm">{t('auth.confirmEmail.intro')}</Text>
          )}
          {result ? (
            <Anchor component={Link} to={paths.login} ta="center">
              {t('auth.login.submit')}
            </Anchor>
          ) : (
            <Button onClick={confirm} loading={submitting} fullWidth>
              {t('auth.confirmEmail.submit')}
            </Button>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
