import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { isValidEmail } from '@church/contract/rules/email';
import { messageResponse } from '@church/contract/http';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isValidEmail(email)) return notify.error('Please enter a valid email address');
    setSubmitting(true);
    try {
      const res = await api('/auth/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        schema: messageResponse,
        skipAuthRedirect: true,
      });
      setSent(res.message);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your e-mail and we will send you a link to choose a new one.">
      {sent ? (
        <Stack>
          <Alert color="green" variant="light" title="Check your e-mail">
            {sent}
          </Alert>
          <Anchor component={Link} to={paths.login} ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              disabled={submitting}
            />
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? 'Sending...' : 'Send reset link'}
            </Button>
            <Text ta="center" size="sm">
              <Anchor component={Link} to={paths.login}>
                Back to sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
