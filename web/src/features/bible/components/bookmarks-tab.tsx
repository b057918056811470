import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Bookmark } from '@church/contract/bible/bookmarks';
import { VerseCard } from './verse-card';

/** Device-local bookmarks, newest first. */
export function BookmarksTab({ bookmarks, onRemove }: { bookmarks: Bookmark[]; onRemove: (b: Bookmark) => void }) {
  if (!bookmarks.length) {
    return (
      <Stack align="center" gap={6} py="xl">
        <ThemeIcon variant="light" size="xl" radius="xl">
          <IconBookmark size={22} />
        </ThemeIcon>
        <Text fw={600}>No bookmarks yet</Text>
        <Text size="sm" c="dimmed" ta="center" maw={320}>
          Tap a verse while reading and choose the bookmark. Bookmarks stay on this device.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" aria-label="Bookmarks">
      {bookmarks.map((b) => (
        <VerseCard
          key={b.id}
          verse={b}
          bookmarked
          onToggleBookmark={() => onRemove(b)}
          footer={
            <Text size="xs" c="dimmed" mt={6}>
              Saved {dayjs(b.dateAdded).format('D MMM YYYY, HH:mm')}
            </Text>
          }
        />
      ))}
    </Stack>
  );
}
