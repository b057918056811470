import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconCoin, IconHeartHandshake } from '@tabler/icons-react';
import type { ActivityItem } from '@church/contract/rules/dashboard';
import { timeAgo } from '@church/contract/rules/time-ago';

const ICONS = { donation: IconCoin, prayer: IconHeartHandshake, event: IconCalendarEvent };

/** Spec 000 §4: at most 5 items (up to 2 donations, 2 prayers, 2 events). */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Text fw={700} mb="sm">
        Recent Activity
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recent activity yet. Give, pray or register for an event and it will show here.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="recent-activity">
          {items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <Group key={item.id} gap="sm" wrap="nowrap">
                <ThemeIcon color={item.colour} variant="light" radius="xl" size={32}>
                  <Icon size={16} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {item.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {timeAgo(item.time)}
                  </Text>
                </div>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
