import { Group, Text } from '@mantine/core';
import { DailyVerseCard } from '../../../components/daily-verse-card';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
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
  const t = useT();
  const format = useFormat();
  return (
    <DailyVerseCard
      title={t('bible.verseOfDay')}
      version={version}
      footer={(verse) => (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {verse.offline ? t('bible.offlineVerses') : format.date(verse.date, 'long')}
          </Text>
          <VerseActionsBar verse={verse} bookmarked={isBookmarked(verse)} onToggleBookmark={() => onToggleBookmark(verse)} />
        </Group>
      )}
    />
  );
}
