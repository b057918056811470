import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Switch, Text } from '@mantine/core';
import type { WebhookView } from '@church/contract/webhooks';
import { devNotify } from '../../../lib/notify';
import { useSendTestEvent, useSetWebhookActive } from '../api/webhooks-api';
import { DeliveryLog } from './delivery-log';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** One endpoint: spec 002 §2.9's fields (last delivery and success rate from the log), its controls and its delivery log. */
export function WebhookCard({
  hook,
  onRotate,
  onDelete,
}: {
  hook: WebhookView;
  onRotate: (h: WebhookView) => void;
  onDelete: (h: WebhookView) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const setActive = useSetWebhookActive();
  const sendTest = useSendTestEvent();
  const active = hook.status === 'active';

  async function toggle(isActive: boolean) {
    try {
      await setActive.mutateAsync({ id: hook.id, isActive });
      devNotify.success(isActive ? 'Webhook enabled' : 'Webhook disabled');
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to update webhook');
    }
  }

  async function test() {
    try {
      await sendTest.mutateAsync(hook.id);
      devNotify.success('Test event queued');
      setShowLog(true);
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to send a test event');
    }
  }

  return (
    <Card withBorder radius="md" p="md" data-testid="webhook-card">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Group gap="xs">
          <Text fw={700}>{hook.name}</Text>
          <Badge color={active ? 'green' : 'gray'} variant="dot">
            {active ? 'Active' : 'Disabled'}
          </Badge>
        </Group>
        <Switch
          checked={active}
          onChange={(e) => toggle(e.currentTarget.checked)}
          label={`Enabled`}
          aria-label={`Enabled: ${hook.name}`}
          disabled={setActive.isPending}
        />
      </Group>
      <Text ff="monospace" size="sm" mb="xs" style={{ wordBreak: 'break-all' }}>
        {hook.url}
      </Text>
      {hook.disabledReason && !active && (
        <Text size="sm" c="red.8" mb="xs">
          {hook.disabledReason}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        <Field label="Events">
          <Group gap={4}>
            {hook.events.map((e) => (
              <Badge key={e} variant="light" tt="none">
                {e}
              </Badge>
            ))}
          </Group>
        </Field>
        <Field label="Last delivery">
          <span data-testid="last-delivery">{when(hook.lastDelivery)}</span>
        </Field>
        <Field label="Success rate">
          <span data-testid="success-rate">{hook.successRate === null ? '—' : `${hook.successRate}%`}</span>
        </Field>
        <Field label="Created">{when(hook.createdAt)}</Field>
      </SimpleGrid>
      {hook.secretRotatedUntil && (
        <Text size="xs" c="gray.7" mb="xs">
          The previous secret also signs until {when(hook.secretRotatedUntil)}.
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" onClick={test} loading={sendTest.isPending} disabled={!active}>
          Send test event
        </Button>
        <Button size="xs" variant="default" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button size="xs" variant="default" onClick={() => onRotate(hook)}>
          Rotate secret
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => onDelete(hook)}>
          Delete
        </Button>
      </Group>
      {showLog && <DeliveryLogBlock id={hook.id} active={active} />}
    </Card>
  );
}

function DeliveryLogBlock({ id, active }: { id: string; active: boolean }) {
  return (
    <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <DeliveryLog webhookId={id} canReplay={active} />
    </div>
  );
}
