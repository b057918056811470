import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BibleBook } from '@church/contract/bible/books';
import { verseText } from '@church/contract/bible/chapter-text';
import { bibleClient } from '../lib/bible-client';
import { ChapterContent } from './chapter-content';
import { translate } from '../../../lib/i18n/use-t';
import { useT } from '../../../lib/i18n/use-t';
import { VerseActionsBar } from './verse-actions-bar';

export const chapterQuery = (version: string, bookId: string, chapter: number) => ({
  queryKey: ['bible', 'chapter', version, bookId, chapter] as const,
  queryFn: () => bibleClient.getChapter(version, bookId, chapter),
  staleTime: Infinity,
});

interface Props {
  version: string;
  book: BibleBook;
  chapter: number;
  onChapter: (n: number) => void;
  isBookmarked: (v: { reference: string; version: string }) => boolean;
  onToggleBookmark: (v: { reference: string; version: string; text: string }) => void;
}

/** One chapter: its content, chapter stepping, and the actions of the verse tapped. */
export function ChapterReader({ version, book, chapter, onChapter, isBookmarked, onToggleBookmark }: Props) {
  const queryClient = useQueryClient();
  const t = useT();
  const query = useQuery(chapterQuery(version, book.id, chapter));
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    setSelected(null);
  }, [version, book.id, chapter]);
  // One error, in one place: the banner below (no toast, no made-up verse beside it).
  const notice = query.data?.notice;

  const selectedVerse =
    selected && query.data && !query.data.notice
      ? { reference: `${book.name} ${chapter}:${selected}`, version, text: verseText(query.data.content, selected) ?? '' }
      : null;

  return (
    <Stack gap="sm" pb={selectedVerse ? 90 : 0}>
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChevronLeft size={16} />}
          disabled={chapter <= 1}
          onClick={() => onChapter(chapter - 1)}
          aria-label={chapter > 1 ? t('bible.prevChapterN', { n: chapter - 1 }) : t('bible.prevChapter')}
        >
          {chapter > 1 ? chapter - 1 : ''}
        </Button>
        <Title order={3} c="navy.8" ta="center">
          {book.name} {chapter}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          rightSection={<IconChevronRight size={16} />}
          disabled={chapter >= book.chapters}
          onClick={() => onChapter(chapter + 1)}
          aria-label={chapter < book.chapters ? t('bible.nextChapterN', { n: chapter + 1 }) : t('bible.nextChapter')}
        >
          {chapter < book.chapters ? chapter + 1 : ''}
        </Button>
      </Group>

      {query.isPending && (
        <Stack gap={8} aria-label={t('bible.loadingChapter')}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={14} width={i % 3 === 2 ? '70%' : '100%'} />
          ))}
        </Stack>
      )}
      {notice === 'failed' && (
        <Alert color="red" title={translate('bible.chapterFailed')} data-testid="chapter-error">
          <Text size="sm" mb="xs">
            {query.data?.message}
          </Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void queryClient.invalidateQueries({ queryKey: chapterQuery(version, book.id, chapter).queryKey })}
          >
            {t('bible.retry')}
          </Button>
        </Alert>
      )}
      {notice === 'unavailable' && (
        <Alert color="yellow" title={query.data?.message} data-testid="chapter-error">
          <Text size="sm">{t('bible.otherTranslation')}</Text>
        </Alert>
      )}
      {query.data && !notice && (
        <Paper withBorder radius="md" p="md" data-testid="chapter-text">
          <ChapterContent
            content={query.data.content}
            footnotes={query.data.footnotes}
            selected={selected}
            onSelect={(n) => setSelected((s) => (s === n ? null : n))}
          />
        </Paper>
      )}
      {query.data && !query.data.notice && (
        <Text size="xs" c="dimmed" ta="center">
          {t('bible.tapVerse')}
        </Text>
      )}

      {selectedVerse && (
        <Paper
          shadow="md"
          radius="md"
          p="sm"
          withBorder
          data-testid="verse-actions"
          style={{
            position: 'fixed',
            left: 12,
            right: 12,
            bottom: 'calc(var(--bible-bottom-offset, 76px))',
            zIndex: 150,
            maxWidth: 720,
            margin: '0 auto',
          }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} size="sm" c="navy.8" truncate>
              {selectedVerse.reference}{' '}
              <Text span size="xs" c="dimmed">
                ({version})
              </Text>
            </Text>
            <VerseActionsBar
              verse={selectedVerse}
              bookmarked={isBookmarked(selectedVerse)}
              onToggleBookmark={() => onToggleBookmark(selectedVerse)}
            />
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
