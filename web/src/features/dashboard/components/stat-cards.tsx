import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconCoin, IconHeartHandshake, IconUserCheck, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { STAT_CARDS, type StatKey } from '@church/contract/dashboard';
import type { DashboardStats } from '@church/contract/rules/dashboard';
import type { MessageKey } from '@church/contract/i18n/keys';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';

const LABELS: Record<StatKey, MessageKey> = {
  totalMembers: 'member.stat.totalMembers',
  totalGiving: 'member.stat.totalGiving',
  upcomingEvents: 'member.stat.upcomingEvents',
  yourPrayers: 'member.stat.yourPrayers',
  newVisitors: 'member.stat.newVisitors',
  activeMembers: 'member.stat.activeMembers',
};

const ICONS: Record<StatKey, typeof IconUsers> = {
  totalMembers: IconUsers,
  totalGiving: IconCoin,
  upcomingEvents: IconCalendarEvent,
  yourPrayers: IconHeartHandshake,
  newVisitors: IconUserPlus,
  activeMembers: IconUserCheck,
};

/** Spec 000 §2 stat cards: the first four for everyone, New Visitors and Active Members for leaders. */
export function StatCards({ stats, leader, compact = false }: { stats: DashboardStats; leader: boolean; compact?: boolean }) {
  const t = useT();
  const format = useFormat();
  const cards = STAT_CARDS.filter((c) => leader || !c.leadersOnly);
  return (
    <SimpleGrid cols={compact ? 2 : { base: 2, md: cards.length > 4 ? 3 : 4 }} spacing={compact ? 'sm' : 'md'}>
      {cards.map((c) => {
        const Icon = ICONS[c.key];
        const value = c.key === 'totalGiving' ? format.money(stats.totalGiving) : format.count(stats[c.key]);
        return (
          <Card key={c.key} withBorder radius="lg" padding={compact ? 'sm' : 'lg'} data-testid={`stat-${c.key}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3}>
                {t(LABELS[c.key])}
              </Text>
              <ThemeIcon color={c.colour} variant="light" size={compact ? 30 : 40} radius="md" style={{ flexShrink: 0 }}>
                <Icon size={compact ? 16 : 22} />
              </ThemeIcon>
            </Group>
            {/* Amounts never wrap between 'R' and the figure. */}
            <Text fz={compact ? 20 : 26} fw={800} mt={compact ? 2 : 6} style={{ whiteSpace: 'nowrap' }} data-testid="stat-value">
              {value}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
