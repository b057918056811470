import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TIERS, type AdminApiKey } from '@church/contract/developers';
import { ApiError } from '../../../lib/api-client';
import { openConfirmModal } from '../../../lib/modals';
import { notify } from '../../../lib/notify';
import { adminApiKeysQuery, useRevokeApiKey, useSetDeveloperAccess } from '../api/admin-api-keys';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');
const count = (n: number) => n.toLocaleString('en-US');
const requests = (n: number) => `${count(n)} ${n === 1 ? 'request' : 'requests'}`;
const failure = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);

const PLAN_STATUS: Record<AdminApiKey['planStatus'], { label: string; color: string }> = {
  free: { label: 'No paid plan', color: 'gray' },
  approved: { label: 'Plan approved', color: 'green' },
  pending: { label: 'Plan waiting for approval', color: 'yellow' },
};

type Owner = AdminApiKey['owner'];

/** Keys grouped by their owner, owners in the order of their newest key (the list comes newest first). */
function byOwner(keys: AdminApiKey[]): { owner: Owner; keys: AdminApiKey[] }[] {
  const groups = new Map<string, { owner: Owner; keys: AdminApiKey[] }>();
  for (const k of keys) {
    const g = groups.get(k.owner.id) ?? { owner: k.owner, keys: [] };
    g.keys.push(k);
    groups.set(k.owner.id, g);
  }
  return [...groups.values()];
}

function KeyCard({ k }: { k: AdminApiKey }) {
  const revoke = useRevokeApiKey();
  const status = PLAN_STATUS[k.planStatus];
  const confirmRevoke = () =>
    openConfirmModal({
      title: 'Revoke this API key?',
      children: (
        <Text size="sm">
          &ldquo;{k.name}&rdquo; of {k.owner.name} stops working at once, on every instance. {k.owner.name} is told; a revoked key cannot be
          brought back.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(k.id, {
          onSuccess: (res) => notify.success(res.message),
          onError: (e) => notify.error(failure(e, 'Could not revoke the API key')),
        }),
    });
  return (
    <Card withBorder radius="sm" p="sm" data-testid="admin-api-key" aria-label={`API key ${k.name}`} component="section">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{k.name}</Text>
          <Text size="sm" ff="monospace" c="gray.7">
            {k.keyPreview}
          </Text>
        </Group>
        {k.revokedAt ? (
          <Badge color="red" variant="light">
            Revoked {when(k.revokedAt)}
          </Badge>
        ) : (
          <Button size="xs" color="red" variant="light" loading={revoke.isPending} onClick={confirmRevoke}>
            Revoke
          </Button>
        )}
      </Group>
      <Group gap="xs" mb={6} wrap="wrap">
        <Badge variant="light">{TIERS[k.pricingTier].name}</Badge>
        <Badge variant="dot" color={status.color}>
          {status.label}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={2}>
        <Text size="sm">
          {requests(k.usage.monthlyRequests)} this month · {count(k.usage.totalRequests)} in all
        </Text>
        <Text size="sm">Last used: {when(k.usage.lastUsed)}</Text>
        <Text size="sm" c="gray.7">
          Created {when(k.createdAt)}
        </Text>
      </SimpleGrid>
    </Card>
  );
}

function OwnerCard({ owner, keys }: { owner: Owner; keys: AdminApiKey[] }) {
  const access = useSetDeveloperAccess();
  const enabled = owner.accountEnabled;
  const titleId = `api-key-owner-${owner.id}`;
  const confirmAccess = () =>
    openConfirmModal({
      title: enabled ? `Disable the developer account of ${owner.name}?` : `Enable the developer account of ${owner.name}?`,
      children: (
        <Text size="sm">
          {enabled
            ? 'They can no longer sign in, and none of their API keys works, on every instance. You can enable the account again later.'
            : 'They can sign in again, and their keys that are not revoked work again.'}
        </Text>
      ),
      labels: { confirm: enabled ? 'Disable developer' : 'Enable developer', cancel: 'Cancel' },
      confirmProps: { color: enabled ? 'red' : undefined },
      onConfirm: () =>
        access.mutate(
          { id: owner.id, enabled: !enabled },
          {
            onSuccess: (res) => notify.success(res.message),
            onError: (e) => notify.error(failure(e, 'Could not change the developer account')),
          },
        ),
    });
  return (
    <Card withBorder radius="md" p="md" data-testid="api-key-owner" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h5" id={titleId}>
              {owner.name}
            </Title>
            <Badge variant="outline" color="gray">
              {owner.role}
            </Badge>
            <Badge color={enabled ? 'green' : 'red'} variant="light">
              {enabled ? 'Active' : 'Disabled'}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {owner.email ?? 'No e-mail'}
          </Text>
        </Stack>
        {owner.role === 'developer' && (
          <Button
            size="xs"
            variant={enabled ? 'default' : 'light'}
            color={enabled ? 'red' : undefined}
            loading={access.isPending}
            onClick={confirmAccess}
          >
            {enabled ? 'Disable developer' : 'Enable developer'}
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {keys.map((k) => (
          <KeyCard key={k.id} k={k} />
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Admin Panel, API keys (issue 29, finding 7): anyone may register as a developer, so the church sees every key
 * with its owner and usage, revokes any key, and disables (or enables again) a developer account.
 */
export function ApiKeysPanel() {
  const [withRevoked, setWithRevoked] = useState(false);
  const q = useQuery(adminApiKeysQuery(withRevoked ? 'all' : 'live'));
  const groups = q.data ? byOwner(q.data) : [];
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Every API key of the church, by its owner. Revoking a key stops it at once; disabling a developer account stops the person signing
        in and every key they hold. Staff who also hold keys are managed on the members pages.
      </Text>
      <Switch label="Show revoked keys" checked={withRevoked} onChange={(e) => setWithRevoked(e.currentTarget.checked)} />
      {q.isPending ? (
        <Skeleton height={160} />
      ) : q.isError ? (
        <Alert color="red" title="Failed to load the API keys">
          <Button size="xs" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : groups.length === 0 ? (
        <Text c="dimmed">{withRevoked ? 'No API keys yet.' : 'No live API keys.'}</Text>
      ) : (
        groups.map((g) => <OwnerCard key={g.owner.id} owner={g.owner} keys={g.keys} />)
      )}
    </Stack>
  );
}
