import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n/use-t';
import { BIBLE_BOOKS, type BibleBook } from '@church/contract/bible/books';

const OLD = BIBLE_BOOKS.filter((b) => b.testament === 'old');
const NEW = BIBLE_BOOKS.filter((b) => b.testament === 'new');

/** All 66 books, Old Testament (order 1–39) then New Testament. */
export function BookList({ onPick, available }: { onPick: (book: BibleBook) => void; available?: Set<string> | null }) {
  const t = useT();
  return (
    <Stack gap="lg">
      {[
        { title: t('bible.old'), books: OLD },
        { title: t('bible.new'), books: NEW },
      ].map((section) => (
        <section key={section.title} aria-label={section.title}>
          <Group justify="space-between" mb="xs">
            <Title order={4} c="navy.8">
              {section.title}
            </Title>
            <Badge variant="light" color="gray">
              {t('bible.booksCount', { count: section.books.length })}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing={8} verticalSpacing={8}>
            {section.books.map((book) => {
              const missing = available ? !available.has(book.id) : false;
              return (
                <Button
                  key={book.id}
                  variant="default"
                  justify="space-between"
                  fullWidth
                  onClick={() => onPick(book)}
                  aria-label={book.name}
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {book.chapters}
                    </Text>
                  }
                  styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
                  style={missing ? { opacity: 0.55 } : undefined}
                  title={missing ? t('bible.notInTranslation') : undefined}
                >
                  {book.name}
                </Button>
              );
            })}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
