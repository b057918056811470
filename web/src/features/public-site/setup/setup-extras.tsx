import { useState } from 'react';
import { Alert, Avatar, Button, Code, FileButton, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { systemSummaryResponse } from '@church/contract/admin';
import { MERCHANT_TEXTS, merchantSettingsRequest, merchantSettingsResponse } from '@church/contract/giving-merchant';
import { LOGO_MAX_BYTES, settingsResponse, SETTINGS_TEXTS } from '@church/contract/settings';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

function Nav({ onNext, label = 'Skip for now' }: { onNext: () => void; label?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onNext}>
        {label}
      </Button>
    </Group>
  );
}

/** Step 4 (optional): the church's logo, with the logo's own checks (PNG, JPEG or WebP, 2 MB). */
export function LogoStep({ onNext }: { onNext: () => void }) {
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState('');
  async function upload(file: File | null) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return notify.error(SETTINGS_TEXTS.logoTooLarge);
    const form = new FormData();
    form.append('logo', file);
    try {
      const r = await api('/settings/logo', { method: 'POST', body: form, schema: settingsResponse });
      setLogo(r.data.settings.logoUrl);
      notify.success(SETTINGS_TEXTS.logoUpdated);
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : SETTINGS_TEXTS.saveFailed);
    }
  }
  return (
    <Stack mt="md" maw={520}>
      <Group>
        <Avatar src={logo || null} size={72} radius="md" alt="Church logo" />
        <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button variant="light" {...props}>
              Upload logo
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          PNG, JPEG or WebP, up to 2 MB
        </Text>
      </Group>
      <Nav onNext={onNext} label={logo ? 'Continue' : 'Skip for now'} />
    </Stack>
  );
}

/** Step 5 (optional): the PayFast merchant account for card gifts (the treasurer's Giving page holds it too). */
export function CardGivingStep({ onNext }: { onNext: () => void }) {
  const [form, setForm] = useState({ merchantId: '', merchantKey: '', passphrase: '', sandbox: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function save() {
    const r = merchantSettingsRequest.safeParse(form);
    if (!r.success) return setErrors(Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])));
    setErrors({});
    setBusy(true);
    try {
      await api('/giving/payment-account', { method: 'PUT', body: r.data, schema: merchantSettingsResponse });
      notify.success(MERCHANT_TEXTS.saved);
      onNext();
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Could not save the card payment account');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack mt="md" maw={520}>
      <Text>
        Card gifts go through PayFast&apos;s hosted checkout. Enter the merchant ID and key from PayFast under Settings → Integration, or
        skip this: bank transfers work without it.
      </Text>
      <TextInput
        label="Merchant ID"
        value={form.merchantId}
        error={errors.merchantId}
        onChange={(e) => setForm({ ...form, merchantId: e.currentTarget.value })}
      />
      <TextInput
        label="Merchant key"
        value={form.merchantKey}
        error={errors.merchantKey}
        onChange={(e) => setForm({ ...form, merchantKey: e.currentTarget.value })}
      />
      <PasswordInput
        label="Passphrase"
        value={form.passphrase}
        error={errors.passphrase}
        onChange={(e) => setForm({ ...form, passphrase: e.currentTarget.value })}
      />
      <Switch
        label="Test payments (PayFast sandbox)"
        checked={form.sandbox}
        onChange={(e) => setForm({ ...form, sandbox: e.currentTarget.checked })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onNext}>
          Skip for now
        </Button>
        <Button onClick={() => void save()} loading={busy} disabled={!form.merchantId || !form.merchantKey}>
          Save and continue
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 6: whether e-mail leaves the server. SMTP is the server's setting (SMTP_URL), so this step says how. */
export function EmailStep({ onNext }: { onNext: () => void }) {
  const system = useQuery({
    queryKey: ['admin', 'system'],
    queryFn: () => api('/admin/system', { schema: systemSummaryResponse }).then((r) => r.data),
  });
  return (
    <Stack mt="md" maw={640}>
      {system.data?.smtpConfigured ? (
        <Alert color="green" title="E-mail is set up">
          Password resets, receipts and notifications are delivered through the server&apos;s mail server.
        </Alert>
      ) : (
        <Alert color="gold" title="E-mail is not set up yet">
          <Text size="sm">
            Until it is, mail waits in the Mail log (Admin Panel) and members cannot reset a forgotten password. Ask whoever runs the server
            to add your mail server to its <Code>.env</Code> file and restart it:
          </Text>
          <Code block mt="xs">
            SMTP_URL=smtps://user:password@mail.example.org:465{'\n'}MAIL_FROM=&quot;Your Church &lt;office@example.org&gt;&quot;
          </Code>
        </Alert>
      )}
      <Nav onNext={onNext} label="Finish" />
    </Stack>
  );
}
