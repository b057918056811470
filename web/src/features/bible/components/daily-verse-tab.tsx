import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DailyVerseCard, dailyVerseQuery } from '../../../components/daily-verse-card';
import { VerseActionsBar } from './verse-actions-bar';

/** The shared verse-of-the-day card with bookmark, copy and read-aloud. */
export function DailyVerseTab({
  isBookmarked,
  onToggleBookmark,
}: {
  isBookmarked: (v: { reference: string; version: string }) => boolean;
  onToggleBookmark: (v: { reference: string; version: string; text: string }) => void;
}) {
  const { data: verse } = useQuery(dailyVerseQuery);
  return (
    <Stack gap="sm">
      <DailyVerseCard title="Verse of the Day" />
      {verse && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {verse.offline ? 'Shown from the offline verses' : verse.date}
          </Text>
          <VerseActionsBar verse={verse} bookmarked={isBookmarked(verse)} onToggleBookmark={() => onToggleBookmark(verse)} />
        </Group>
      )}
    </Stack>
  );
}
