import { Alert, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { useFormat } from '../../../lib/i18n/use-format';
import { useErrorToast } from '../../../lib/notify';
import { eventStatsQuery } from '../api/manage';

const TILES = [
  { key: 'upcoming', label: 'Upcoming', hint: 'Events not yet finished' },
  { key: 'past', label: 'Past', hint: 'Events that have finished' },
  { key: 'registrations', label: 'Registrations', hint: 'Registrations across every event' },
  { key: 'checkIns', label: 'Check-ins', hint: 'People checked in across every event' },
] as const;

/** The leaders' events page: four counts from GET /events/stats, each saying what it counts. */
export function EventStats() {
  const q = useQuery(eventStatsQuery());
  const format = useFormat();
  useErrorToast(q, EVENT_TEXTS.statsFailed);
  if (q.isError) return <Alert color="red" title={EVENT_TEXTS.statsFailed} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Event statistics" component="section">
      {TILES.map((tile) => (
        <Paper key={tile.key} withBorder p="sm" radius="md" title={tile.hint}>
          <Text size="sm" c="dimmed">
            {tile.label}
          </Text>
          {q.isPending ? (
            <Skeleton height={28} mt={4} width="50%" />
          ) : (
            <Text fw={700} size="xl" data-testid={`event-stat-${tile.key}`}>
              {format.count(q.data[tile.key])}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
