import { useState, type FormEvent } from 'react';
import { Anchor, Button, Card, Checkbox, Group, PasswordInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { can } from '@church/contract/roles';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import { ApiError } from '../../../lib/api-client';
import { devNotify } from '../../../lib/notify';
import { isTwoFactorPending, useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { DeveloperShell } from '../components/developer-shell';
import { storedApiKey, verifyApiKey } from '../api/developer-api';

/** Spec 002 §2.5: 'Email Login' and 'API Key Login'; the key is checked by the server before it is kept. */
export function DeveloperLoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);

  async function emailLogin(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return devNotify.error('Please fill in all fields');
    setBusy(true);
    try {
      const user = await session.login({ email: email.trim(), password });
      // Two-factor sign-in asks for its code on the main sign-in page.
      if (isTwoFactorPending(user)) return navigate(paths.login, { replace: true });
      devNotify.success(DEV_TEXTS.loginSuccess);
      // Spec §2.2: developers go to their keys, everyone else to the dashboard.
      navigate(can(user, 'api:access') ? paths.apiKeys : paths.dashboard, { replace: true });
    } catch (err) {
      devNotify.error(
        err instanceof ApiError && err.status === 401
          ? DEV_TEXTS.authFailed
          : err instanceof Error && err.message
            ? err.message
            : DEV_TEXTS.loginFailed,
      );
      setBusy(false);
    }
  }

  async function keyLogin(e: FormEvent) {
    e.preventDefault();
    if (!apiKey.trim()) return devNotify.error(DEV_TEXTS.enterKey);
    setBusy(true);
    try {
      const res = await verifyApiKey(apiKey.trim());
      storedApiKey.set(apiKey.trim());
      devNotify.success(res.message);
      navigate(paths.apiDocs);
    } catch (err) {
      devNotify.error(err instanceof Error && err.message ? err.message : DEV_TEXTS.authFailed);
      setBusy(false);
    }
  }

  return (
    <DeveloperShell title="Developer Login" subtitle="Sign in to manage your API keys, webhooks and usage">
      <Card withBorder radius="md" maw={480} mx="auto" p="lg">
        <Tabs defaultValue="email">
          <Tabs.List grow mb="md">
            <Tabs.Tab value="email">Email Login</Tabs.Tab>
            <Tabs.Tab value="key">API Key Login</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="email">
            <form onSubmit={emailLogin} noValidate>
              <Stack>
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  disabled={busy}
                />
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  disabled={busy}
                  visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
                />
                <Group justify="space-between">
                  <Checkbox label="Remember me" defaultChecked />
                  <Anchor component={Link} to={paths.forgotPassword} size="sm">
                    Forgot password?
                  </Anchor>
                </Group>
                <Button type="submit" disabled={busy}>
                  Sign In
                </Button>
              </Stack>
            </form>
          </Tabs.Panel>
          <Tabs.Panel value="key">
            <form onSubmit={keyLogin} noValidate>
              <Stack>
                <PasswordInput
                  label="API key"
                  placeholder="chk_live_…"
                  value={apiKey}
                  onChange={(e) => setApiKey(e.currentTarget.value)}
                  disabled={busy}
                  autoComplete="off"
                  visibilityToggleButtonProps={{ 'aria-label': 'Show or hide API key' }}
                />
                <Text size="xs" c="gray.7">
                  The key is checked with the server and kept in this browser tab only, for the documentation&apos;s try-it panel.
                </Text>
                <Button type="submit" disabled={busy}>
                  Authenticate
                </Button>
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>
        <Stack gap={4} mt="lg" align="center">
          <Text size="sm">
            New here?{' '}
            <Anchor component={Link} to={paths.developerRegister}>
              Create a developer account
            </Anchor>
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={paths.apiDocs} size="sm">
              API Documentation
            </Anchor>
            <Anchor component={Link} to={paths.pricing} size="sm">
              Pricing
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </DeveloperShell>
  );
}
