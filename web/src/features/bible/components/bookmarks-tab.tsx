import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import type { Bookmark } from '@church/contract/bible/bookmarks';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { VerseCard } from './verse-card';

/** Device-local bookmarks, newest first. */
export function BookmarksTab({ bookmarks, onRemove }: { bookmarks: Bookmark[]; onRemove: (b: Bookmark) => void }) {
  const t = useT();
  const format = useFormat();
  if (!bookmarks.length) {
    return (
      <Stack align="center" gap={6} py="xl">
        <ThemeIcon variant="light" size="xl" radius="xl">
          <IconBookmark size={22} />
        </ThemeIcon>
        <Text fw={600}>{t('bible.noBookmarks')}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={320}>
          {t('bible.bookmarksEmpty')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" aria-label={t('bible.tab.bookmarks')}>
      {bookmarks.map((b) => (
        <VerseCard
          key={b.id}
          verse={b}
          bookmarked
          onToggleBookmark={() => onRemove(b)}
          footer={
            <Text size="xs" c="dimmed" mt={6}>
              {t('bible.saved', { when: format.dateTime(b.dateAdded) })}
            </Text>
          }
        />
      ))}
    </Stack>
  );
}
