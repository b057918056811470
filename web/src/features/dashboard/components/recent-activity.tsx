import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconCoin, IconHeartHandshake } from '@tabler/icons-react';
import type { ActivityItem } from '@church/contract/rules/dashboard';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';

const ICONS = { donation: IconCoin, prayer: IconHeartHandshake, event: IconCalendarEvent };

/** Spec 000 §4: at most 5 items (up to 2 donations, 2 prayers, 2 events). */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  const t = useT();
  const format = useFormat();
  const textOf = (item: ActivityItem) =>
    item.kind === 'donation'
      ? t('member.activity.gave', { amount: format.money(item.amount) })
      : t(item.kind === 'prayer' ? 'member.activity.prayer' : 'member.activity.event', { title: item.title ?? '' });
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Text fw={700} mb="sm">
        {t('member.activity.title')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('member.activity.empty')}
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
                    {textOf(item)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {format.relative(item.time) ?? t('member.justNow')}
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
