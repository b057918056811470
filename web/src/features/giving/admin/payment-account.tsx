import { Alert, Button, Card, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MERCHANT_TEXTS, type MerchantSettings } from '@church/contract/giving-merchant';
import { ApiError } from '../../../lib/api-client';
import { openConfirmModal } from '../../../lib/modals';
import { notify } from '../../../lib/notify';
import { merchantQuery, useRemoveMerchant, useSaveMerchant } from '../api/merchant';

const fail = (err: unknown) => notify.error(err instanceof ApiError ? err.message : 'Something went wrong');
const SOURCE_TEXT: Record<MerchantSettings['source'], string> = {
  environment: 'Card payments are on (account from the server environment).',
  settings: 'Card payments are on.',
  none: 'Card payments are not set up: members can give by bank transfer or in person only.',
};

/**
 * The church's PayFast merchant account (administrators only). The passphrase
 * is typed in and never shown again: the field stays empty and says whether
 * one is stored; leaving it empty keeps it.
 */
export function PaymentAccount() {
  const q = useQuery(merchantQuery());
  const save = useSaveMerchant();
  const remove = useRemoveMerchant();
  const [form, setForm] = useState({ merchantId: '', merchantKey: '', passphrase: '', clearPassphrase: false, sandbox: false });
  useEffect(() => {
    if (q.data)
      setForm({
        merchantId: q.data.merchantId ?? '',
        merchantKey: q.data.merchantKey ?? '',
        passphrase: '',
        clearPassphrase: false,
        sandbox: q.data.sandbox,
      });
  }, [q.data]);
  if (!q.data) return null;
  const m = q.data;
  const locked = m.source === 'environment';
  const submit = () =>
    save.mutate(
      { ...form, passphrase: form.passphrase || undefined },
      { onSuccess: (r) => notify.success(r.message ?? MERCHANT_TEXTS.saved), onError: fail },
    );
  const confirmRemove = () =>
    openConfirmModal({
      title: 'Remove the card payment account?',
      children: (
        <Text size="sm">Members will not be able to give by card until an account is entered again. Gifts already made are kept.</Text>
      ),
      labels: { confirm: 'Remove account', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: (r) => notify.success(r.message ?? MERCHANT_TEXTS.removed), onError: fail }),
    });
  return (
    <Card withBorder radius="md" data-testid="payment-account">
      <Stack>
        <Title order={4}>Card payments (PayFast)</Title>
        <Alert color={m.source === 'none' ? 'yellow' : 'green'} data-testid="payment-account-status">
          {SOURCE_TEXT[m.source]}
          {m.sandbox && m.source !== 'none' ? ' Sandbox: test payments only, no money moves.' : ''}
        </Alert>
        {locked && <Text size="sm">{MERCHANT_TEXTS.fromEnvironment}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Merchant ID"
            value={form.merchantId}
            onChange={(e) => setForm({ ...form, merchantId: e.currentTarget.value })}
            readOnly={locked}
            inputMode="numeric"
          />
          <TextInput
            label="Merchant key"
            value={form.merchantKey}
            onChange={(e) => setForm({ ...form, merchantKey: e.currentTarget.value })}
            readOnly={locked}
          />
          {!locked && (
            <PasswordInput
              label="Passphrase"
              description={
                m.passphraseSet ? 'A passphrase is stored. Leave empty to keep it.' : 'As set in PayFast under Settings → Integration.'
              }
              value={form.passphrase}
              onChange={(e) => setForm({ ...form, passphrase: e.currentTarget.value })}
              disabled={form.clearPassphrase}
              autoComplete="new-password"
            />
          )}
        </SimpleGrid>
        {!locked && (
          <Group>
            <Switch
              label="Sandbox (test payments, no money moves)"
              checked={form.sandbox}
              onChange={(e) => setForm({ ...form, sandbox: e.currentTarget.checked })}
            />
            {m.passphraseSet && (
              <Checkbox
                label="Remove the stored passphrase"
                checked={form.clearPassphrase}
                onChange={(e) => setForm({ ...form, clearPassphrase: e.currentTarget.checked, passphrase: '' })}
              />
            )}
          </Group>
        )}
        {!locked && (
          <Group>
            <Button loading={save.isPending} onClick={submit}>
              Save card payment account
            </Button>
            {m.source === 'settings' && (
              <Button variant="light" color="red" loading={remove.isPending} onClick={confirmRemove}>
                Remove account
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
