import { Button, SimpleGrid } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import type { BibleBook } from '@church/contract/bible/books';

export function ChapterGrid({ book, onPick }: { book: BibleBook; onPick: (chapter: number) => void }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 5, xs: 8, md: 10 }} spacing={8} verticalSpacing={8} aria-label={t('bible.chaptersOf', { book: book.name })}>
      {Array.from({ length: book.chapters }, (_, i) => i + 1).map((n) => (
        <Button key={n} variant="default" px={0} onClick={() => onPick(n)} aria-label={t('bible.chapterN', { n })}>
          {n}
        </Button>
      ))}
    </SimpleGrid>
  );
}
