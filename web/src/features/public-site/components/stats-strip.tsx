import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconHeartHandshake, IconBuildingChurch, IconUsers } from '@tabler/icons-react';
import type { PublicSettings } from '@church/contract/settings';
import { formatCount } from './format';
import classes from './home.module.css';

/**
 * Spec 000 §2 statistics strip. Figures come from the server's counts; when a
 * figure is unknown it shows '—', never a sample number.
 */
export function StatsStrip({ stats, upcomingFallback }: { stats: PublicSettings['stats'] | undefined; upcomingFallback?: number }) {
  const show = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatCount(n));
  const tiles = [
    { label: 'Members', value: stats ? `${show(stats.members)}` : '—', Icon: IconUsers },
    { label: 'Founded', value: stats ? String(stats.founded) : '—', Icon: IconBuildingChurch },
    { label: 'Upcoming Events', value: show(stats?.upcomingEvents ?? upcomingFallback), Icon: IconCalendarEvent },
    { label: 'Recent Prayers', value: show(stats?.recentPrayers), Icon: IconHeartHandshake },
  ];
  return (
    <section className={classes.stats} aria-label="Church statistics">
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          {tiles.map(({ label, value, Icon }) => (
            <Stack key={label} align="center" gap={4} data-testid={`stat-${label.toLowerCase().replace(/\s/g, '-')}`}>
              <Icon size={26} color="var(--mantine-color-gold-4)" aria-hidden />
              <Text fz={{ base: 26, sm: 34 }} fw={800} ff="heading" lh={1.1}>
                {value}
              </Text>
              <Text size="sm" c="gray.4" tt="uppercase" lts={1}>
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
