import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PRICING_TIERS, TIERS, type PricingTier } from '@church/contract/developers';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import type { WebhookView } from '@church/contract/webhooks';
import { devNotify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { DeveloperShell } from '../components/developer-shell';
import { CreateWebhookModal } from '../components/create-webhook-modal';
import { WebhookCard } from '../components/webhook-card';
import { WebhookSecretModal } from '../components/webhook-secret-modal';
import { apiKeysQuery } from '../api/developer-api';
import { useDeleteWebhook, useRotateWebhookSecret, webhooksQuery } from '../api/webhooks-api';

/**
 * The same rule the server enforces: the developer's plan is the highest tier among their live keys, a paid
 * plan counting once the church has approved it (until then the key is a Free key).
 */
function planOf(keys: { pricingTier: PricingTier; isActive: boolean; planStatus: string }[] | undefined): PricingTier {
  return (keys ?? [])
    .filter((k) => k.isActive && k.planStatus !== 'pending')
    .reduce<PricingTier>((best, k) => (PRICING_TIERS.indexOf(k.pricingTier) > PRICING_TIERS.indexOf(best) ? k.pricingTier : best), 'free');
}

/** Spec 002 §2.9 webhooks, real: signed deliveries on the job queue with a log and replays. */
export function WebhooksPage() {
  const hooks = useQuery(webhooksQuery());
  const keys = useQuery(apiKeysQuery());
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [rotating, setRotating] = useState<WebhookView | null>(null);

  const tier = TIERS[planOf(keys.data)];
  const count = hooks.data?.length ?? 0;
  const atLimit = tier.webhooks !== null && count >= tier.webhooks;
  const limitText =
    tier.webhooks === null
      ? `${tier.name} plan: unlimited webhooks (${count} in use).`
      : tier.webhooks === 0
        ? 'Webhooks need a Basic, Professional or Enterprise API key. Create one on the API Keys page first.'
        : `${tier.name} plan: ${count} of ${tier.webhooks} webhooks in use.`;

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      devNotify.success('Webhook deleted');
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to delete webhook');
    }
    setDeleting(null);
  }

  async function confirmRotate() {
    if (!rotating) return;
    try {
      const r = await rotate.mutateAsync(rotating.id);
      setSecret({ value: r.secret, rotated: true });
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to rotate the secret');
    }
    setRotating(null);
  }

  return (
    <DeveloperShell
      title="Webhooks"
      subtitle="Signed HTTP callbacks when members, gifts, events and prayers change"
      actions={
        <Button onClick={() => setCreating(true)} disabled={!keys.data || atLimit}>
          Add Webhook
        </Button>
      }
    >
      <Stack>
        {keys.data && (
          <Text size="sm" c="gray.7" data-testid="webhook-limit">
            {limitText}{' '}
            {atLimit && (
              <Anchor component={Link} to={tier.webhooks === 0 ? paths.apiKeys : paths.pricing} underline="always">
                {tier.webhooks === 0 ? 'Go to API Keys' : 'See plans'}
              </Anchor>
            )}
          </Text>
        )}
        {hooks.isPending && <Loader aria-label="Loading webhooks" />}
        {hooks.isError && (
          <Alert color="red" title={DEV_TEXTS.backendIssue}>
            <Group justify="space-between">
              <Text size="sm">{hooks.error.message}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => hooks.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {hooks.data?.length === 0 && <Text c="gray.7">You have no webhooks yet. Add one to be told when things change.</Text>}
        {hooks.data?.map((h) => (
          <WebhookCard key={h.id} hook={h} onRotate={setRotating} onDelete={setDeleting} />
        ))}
      </Stack>
      <CreateWebhookModal opened={creating} onClose={() => setCreating(false)} onCreated={(s) => setSecret({ value: s, rotated: false })} />
      <WebhookSecretModal secret={secret?.value ?? null} rotated={secret?.rotated} onClose={() => setSecret(null)} />
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete webhook" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text mb="md">{DEV_TEXTS.webhookDeleteConfirm}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={!!rotating}
        onClose={() => setRotating(null)}
        title="Rotate signing secret"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="md">A new secret is made now. For 24 hours deliveries carry signatures from both, then only the new one signs.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRotating(null)}>
            Cancel
          </Button>
          <Button onClick={confirmRotate} loading={rotate.isPending}>
            Rotate
          </Button>
        </Group>
      </Modal>
    </DeveloperShell>
  );
}
