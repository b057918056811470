import { Anchor, Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconApi, IconBolt, IconCalendar, IconMail, IconMessage, IconPlugConnected, IconUsers, IconWebhook } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Integration } from '@church/contract/integrations';

/** Logos are drawn from the icon set: no third-party trademarks are bundled. */
const LOGOS: Record<string, typeof IconApi> = {
  api: IconApi,
  webhook: IconWebhook,
  bolt: IconBolt,
  calendar: IconCalendar,
  mail: IconMail,
  message: IconMessage,
  users: IconUsers,
};
const STATUS = {
  connected: { label: 'Connected', color: 'green' },
  available: { label: 'Available', color: 'blue' },
  coming_soon: { label: 'Coming soon', color: 'gray' },
} as const;

const when = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { dateStyle: 'medium' });

export function IntegrationCard({
  integration: i,
  busy,
  onToggle,
}: {
  integration: Integration;
  busy: boolean;
  onToggle: (i: Integration, connect: boolean) => void;
}) {
  const Logo = LOGOS[i.logo] ?? IconPlugConnected;
  const status = STATUS[i.status];
  return (
    <Card withBorder radius="md" p="md" data-testid="integration-card" h="100%">
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Group justify="space-between" wrap="nowrap" mb="xs" align="flex-start">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon size={40} radius="md" variant="light" color={i.status === 'coming_soon' ? 'gray' : 'navy'} aria-hidden>
                <Logo size={22} />
              </ThemeIcon>
              <div>
                <Text fw={700} component="h2" fz="md" m={0}>
                  {i.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {i.category}
                </Text>
              </div>
            </Group>
            {/* The status never truncates: the name wraps instead. */}
            <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          </Group>
          <Text size="sm">{i.description}</Text>
          {i.connectedSince && (
            <Text size="xs" c="gray.7" mt="xs">
              Connected since {when(i.connectedSince)}
            </Text>
          )}
        </div>
        {i.status === 'coming_soon' ? (
          <Text size="sm" c="gray.7">
            Not available yet: nothing to connect to today.
          </Text>
        ) : (
          <Group gap="xs">
            {i.status === 'connected' ? (
              <Button size="xs" variant="default" loading={busy} onClick={() => onToggle(i, false)} aria-label={`Disconnect ${i.name}`}>
                Disconnect
              </Button>
            ) : (
              <Button size="xs" loading={busy} onClick={() => onToggle(i, true)} aria-label={`Connect ${i.name}`}>
                Connect
              </Button>
            )}
            {i.status === 'connected' && i.setupPath && (
              <Anchor component={Link} to={i.setupPath} size="sm" underline="always">
                Set up {i.name}
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
