import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconHeartHandshake, IconBuildingChurch, IconUsers } from '@tabler/icons-react';
import type { PublicSettings } from '@church/contract/settings';
import classes from './home.module.css';

const ICONS = [IconUsers, IconBuildingChurch, IconCalendarEvent, IconHeartHandshake];

/**
 * Spec 000 §2 statistics strip: the figures the church chose on /settings,
 * counted by the server or entered. A figure with nothing to show is left
 * out by the server; with none left the strip is not shown.
 */
export function StatsStrip({ stats }: { stats: PublicSettings['homeStats'] | undefined }) {
  if (!stats?.length) return null;
  return (
    <section className={classes.stats} aria-label="Church statistics">
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: Math.min(stats.length, 4) }} spacing="lg">
          {stats.map(({ label, value }, i) => {
            const Icon = ICONS[i % ICONS.length]!;
            return (
              <Stack key={`${i}-${label}`} align="center" gap={4} data-testid={`stat-${label.toLowerCase().replace(/\s/g, '-')}`}>
                <Icon size={26} color="var(--mantine-color-gold-4)" aria-hidden />
                <Text fz={{ base: 26, sm: 34 }} fw={800} ff="heading" lh={1.1}>
                  {value}
                </Text>
                <Text size="sm" c="gray.4" tt="uppercase" lts={1}>
                  {label}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Container>
    </section>
  );
}
