import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { can } from '@church/contract/roles';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@church/contract/webhooks';
import { devNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCreateWebhook } from '../api/webhooks-api';

const EVENT_HELP: Record<WebhookEventType, string> = {
  'member.created': 'A person is added to the church and listed in the directory',
  'member.updated': 'A listed member’s details or role change (with the previous state)',
  'donation.received': 'A gift is recorded or a card payment completes',
  'donation.refunded': 'A gift is refunded',
  'event.created': 'A new event is published',
  'prayer.approved': 'A prayer request is approved for the prayer wall',
  'schedule.accepted': 'A volunteer accepts a place on the roster',
  'schedule.declined': 'A volunteer declines a place on the roster (with the reason)',
  'checkin.created': 'A child is checked in (ids and room only)',
};

/** The server's rule (webhooks/audience.ts): gifts go only to accounts that may see the church's giving. */
const GIVING_ONLY = "Only for an account that may see the church's giving (the church's own integration, set up by its superadmin).";

/** Name, https URL and the events to receive; the server checks the URL is not an internal address. */
export function CreateWebhookModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const { user } = useSession();
  const seesGiving = can(user, 'finance:read');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setName('');
    setUrl('https://');
    setEvents([]);
    setError(null);
    create.reset();
    onClose();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (!/^https?:\/\/[^/\s]+/i.test(url.trim())) return setError('The URL must start with https:// (or http://)');
    if (events.length === 0) return setError('Choose at least one event');
    setError(null);
    try {
      const { secret } = await create.mutateAsync({ name: name.trim(), url: url.trim(), events });
      devNotify.success('Webhook created successfully');
      close();
      onCreated(secret);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to create webhook');
    }
  }

  return (
    <Modal opened={opened} onClose={close} title="Add webhook" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-autofocus />
          <TextInput
            label="Endpoint URL"
            description="Where we POST each event. Use https:// in production."
            required
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            maxLength={2000}
          />
          <Checkbox.Group
            label="Events"
            description="Choose at least one. Member events tell only of members who agreed to be listed in the directory, with the fields an API key may read."
            required
            value={events}
            onChange={(v) => {
              setEvents(v as WebhookEventType[]);
              setError(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENTS.map((ev) => {
                const giving = ev.startsWith('donation.');
                return (
                  <Checkbox
                    key={ev}
                    value={ev}
                    label={ev}
                    disabled={giving && !seesGiving}
                    description={giving && !seesGiving ? `${EVENT_HELP[ev]}. ${GIVING_ONLY}` : EVENT_HELP[ev]}
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Webhook
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
