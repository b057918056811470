import { Button, SimpleGrid } from '@mantine/core';
import type { BibleBook } from '@church/contract/bible/books';

export function ChapterGrid({ book, onPick }: { book: BibleBook; onPick: (chapter: number) => void }) {
  return (
    <SimpleGrid cols={{ base: 5, xs: 8, md: 10 }} spacing={8} verticalSpacing={8} aria-label={`Chapters of ${book.name}`}>
      {Array.from({ length: book.chapters }, (_, i) => i + 1).map((n) => (
        <Button key={n} variant="default" px={0} onClick={() => onPick(n)} aria-label={`Chapter ${n}`}>
          {n}
        </Button>
      ))}
    </SimpleGrid>
  );
}
