import { Button, Card, CopyButton, Group, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { SERVICE_TEXTS } from '@church/contract/services';
import { notify } from '../../../lib/notify';
import { useRevokeFeed, useRotateFeed } from '../api';

/** A personal iCal link (signed): shown once when made; a new one or a revoke ends the old. */
export function CalendarFeedCard({ active }: { active: boolean }) {
  const rotate = useRotateFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Card withBorder radius="md">
      <Title order={3} size="h4" mb="xs">
        Calendar link
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Add what you serve to your phone's calendar. Anyone with the link sees your schedule: keep it to yourself.
      </Text>
      {url && (
        <Group align="end" mb="sm" wrap="nowrap">
          <TextInput label="Your calendar link" value={url} readOnly style={{ flex: 1 }} />
          <CopyButton value={url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
        </Group>
      )}
      <Group>
        <Button variant="light" loading={rotate.isPending} onClick={async () => setUrl(await rotate.mutateAsync())}>
          {active ? 'Make a new link' : 'Get my calendar link'}
        </Button>
        {active && (
          <Button
            variant="subtle"
            color="red"
            loading={revoke.isPending}
            onClick={async () => {
              await revoke.mutateAsync();
              setUrl(null);
              notify.success(SERVICE_TEXTS.feedRevoked);
            }}
          >
            Revoke link
          </Button>
        )}
      </Group>
    </Card>
  );
}
