import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconCopy, IconVolume } from '@tabler/icons-react';
import { copyVerse, readAloud } from '../lib/verse-actions';

export interface SharedVerse {
  reference: string;
  version: string;
  text: string;
}

/** Bookmark toggle, copy and read aloud for one verse. */
export function VerseActionsBar({
  verse,
  bookmarked,
  onToggleBookmark,
  size = 'lg',
}: {
  verse: SharedVerse;
  bookmarked: boolean;
  onToggleBookmark: () => void;
  size?: string;
}) {
  const bookmarkLabel = bookmarked ? 'Remove bookmark' : 'Bookmark verse';
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={bookmarkLabel}>
        <ActionIcon
          variant={bookmarked ? 'filled' : 'light'}
          color={bookmarked ? 'gold.7' : 'navy'}
          size={size}
          aria-label={bookmarkLabel}
          aria-pressed={bookmarked}
          onClick={onToggleBookmark}
        >
          {bookmarked ? <IconBookmarkFilled size={18} /> : <IconBookmark size={18} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Copy verse">
        <ActionIcon variant="light" size={size} aria-label="Copy verse" onClick={() => void copyVerse(verse)}>
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Read aloud">
        <ActionIcon variant="light" size={size} aria-label="Read aloud" onClick={() => readAloud(verse)}>
          <IconVolume size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
