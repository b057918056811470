import { Group, Text } from '@mantine/core';
import { DailyVerseCard } from '../../../components/daily-verse-card';
import { VerseActionsBar } from './verse-actions-bar';

/** The shared verse-of-the-day card, in the reader's translation, with bookmark, copy and read-aloud. */
export function DailyVerseTab({
  version,
  isBookmarked,
  onToggleBookmark,
}: {
  version: string;
  isBookmarked: (v: { reference: string; version: string }) => boolean;
  onToggleBookmark: (v: { reference: string; version: string; text: string }) => void;
}) {
  return (
    <DailyVerseCard
      title="Verse of the Day"
      version={version}
      footer={(verse) => (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {verse.offline ? 'Shown from the offline verses' : verse.date}
          </Text>
          <VerseActionsBar verse={verse} bookmarked={isBookmarked(verse)} onToggleBookmark={() => onToggleBookmark(verse)} />
        </Group>
      )}
    />
  );
}
