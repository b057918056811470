import { Alert, Button, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Integration } from '@church/contract/integrations';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import { devNotify } from '../../../lib/notify';
import { DeveloperShell } from '../components/developer-shell';
import { IntegrationCard } from '../components/integration-card';
import { integrationsQuery, useSetIntegrationConnected } from '../api/integrations-api';

/** Spec 002 §2.9 integrations: connections persisted per developer; listings without a real connection say coming soon. */
export function IntegrationsPage() {
  const q = useQuery(integrationsQuery());
  const toggle = useSetIntegrationConnected();

  async function onToggle(i: Integration, connect: boolean) {
    try {
      const r = await toggle.mutateAsync({ id: i.id, connect });
      devNotify.success(r.message);
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to update the integration');
    }
  }

  return (
    <DeveloperShell title="Integrations" subtitle="Tools that work with your church's data">
      {q.isPending && <Loader aria-label="Loading integrations" />}
      {q.isError && (
        <Alert color="red" title={DEV_TEXTS.backendIssue}>
          <Group justify="space-between">
            <Text size="sm">{q.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => q.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {q.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {q.data.map((i) => (
            <IntegrationCard key={i.id} integration={i} busy={toggle.isPending && toggle.variables?.id === i.id} onToggle={onToggle} />
          ))}
        </SimpleGrid>
      )}
    </DeveloperShell>
  );
}
