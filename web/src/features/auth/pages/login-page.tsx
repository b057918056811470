import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isValidEmail } from '@church/contract/rules/email';
import { TEXTS } from '@church/contract/texts';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { usePostLoginRedirect } from '../use-post-login-redirect';

export function LoginPage() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const location = useLocation();
  usePostLoginRedirect(session.user, session.isAuthenticated && !session.loading);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return notify.error('Please fill in all fields');
    if (!isValidEmail(email)) return notify.error('Please enter a valid email address');
    setSubmitting(true);
    try {
      const user = await session.login({ email: email.trim(), password });
      notify.success(`Welcome back, ${user.name?.split(' ')[0] || 'Friend'}!`);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message || TEXTS.loginFailed : 'An unexpected error occurred. Please try again.');
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your member account">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={submitting}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            disabled={submitting}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" disabled={submitting} />
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={false} disabled={submitting}>
            {submitting ? 'Signing In...' : 'Sign In'}
          </Button>
          <Text ta="center" size="sm">
            Don&apos;t have an account? {/* Carries where the person was going, so signing up instead brings them back there too. */}
            <Anchor component={Link} to={paths.register} state={location.state}>
              Create one here
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
