import { useState } from 'react';
import { Alert, Button, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ApiKey } from '@church/contract/developers';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import { devNotify } from '../../../lib/notify';
import { DeveloperShell } from '../components/developer-shell';
import { ApiKeyCard } from '../components/api-key-card';
import { CreateKeyModal } from '../components/create-key-modal';
import { ApiConnectionTest } from '../components/api-connection-test';
import { apiKeysQuery, useRevokeApiKey } from '../api/developer-api';

/** Spec 002 §2.7. Load failures show an honest error with Retry — never demo keys. */
export function ApiKeysPage() {
  const keys = useQuery(apiKeysQuery());
  const revoke = useRevokeApiKey();
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const onboarding = params.get('onboarding') === 'true';

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      devNotify.success(DEV_TEXTS.keyRevoked);
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to revoke API key');
    }
    setRevoking(null);
  }

  return (
    <DeveloperShell
      title="API Keys"
      subtitle="Create, copy and revoke the keys your apps use"
      actions={<Button onClick={() => setCreating(true)}>Create API Key</Button>}
    >
      <Stack>
        {onboarding && (
          <Alert color="blue" title="Welcome! Your first key in three steps">
            <Text size="sm">1. Choose Create API Key, give it a name and a tier (Free is fine to start).</Text>
            <Text size="sm">2. Copy the key: it is shown once.</Text>
            <Text size="sm">
              3. Call the API: <Code>curl -H &quot;X-API-Key: chk_live_…&quot; {window.location.origin}/api/events</Code> — or use the
              try-it panel in the docs.
            </Text>
          </Alert>
        )}
        <ApiConnectionTest />
        {keys.isPending && <Loader aria-label="Loading API keys" />}
        {keys.isError && (
          <Alert color="red" title={DEV_TEXTS.backendIssue}>
            <Group justify="space-between">
              <Text size="sm">{keys.error.message}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => keys.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {keys.data?.length === 0 && <Text c="gray.7">You have no API keys yet. Create one to start calling the API.</Text>}
        {keys.data?.map((k) => (
          <ApiKeyCard key={k.id} apiKey={k} onRevoke={setRevoking} />
        ))}
      </Stack>
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <Modal opened={!!revoking} onClose={() => setRevoking(null)} title="Revoke API key" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text mb="md">{DEV_TEXTS.revokeConfirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRevoking(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmRevoke} loading={revoke.isPending}>
            Revoke
          </Button>
        </Group>
      </Modal>
    </DeveloperShell>
  );
}
