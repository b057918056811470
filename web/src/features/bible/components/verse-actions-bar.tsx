import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconCopy, IconVolume } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';
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
  const t = useT();
  const bookmarkLabel = bookmarked ? t('bible.removeBookmark') : t('bible.bookmarkVerse');
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
      <Tooltip label={t('bible.copyVerse')}>
        <ActionIcon variant="light" size={size} aria-label={t('bible.copyVerse')} onClick={() => void copyVerse(verse)}>
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('bible.readAloud')}>
        <ActionIcon variant="light" size={size} aria-label={t('bible.readAloud')} onClick={() => readAloud(verse)}>
          <IconVolume size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
