import { ActionIcon, Box, Button, Group, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBooks, IconDots, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_VERSION } from '@church/contract/bible/versions';
import { notify } from '../../../lib/notify';
import { BookList } from '../components/book-list';
import { BookmarksTab } from '../components/bookmarks-tab';
import { ChapterGrid } from '../components/chapter-grid';
import { ChapterReader } from '../components/chapter-reader';
import { DailyVerseTab } from '../components/daily-verse-tab';
import { SearchTab } from '../components/search-tab';
import { VersionChips } from '../components/version-chips';
import { useBookmarks } from '../hooks/use-bookmarks';
import { useReaderLocation } from '../hooks/use-reader-location';
import { translate } from '../../../lib/i18n/use-t';
import { useT } from '../../../lib/i18n/use-t';
import { bibleClient } from '../lib/bible-client';

const VERSION_KEY = 'bibleVersion';

/** Spec 000 §2/§4: version chips, tabs Daily Verse / Search / Bookmarks, and books → chapters → verses with Back up one level. */
export function BiblePage() {
  const t = useT();
  const { view, book, chapter, showBooks, showBook, showChapter, back } = useReaderLocation();
  const [tab, setTab] = useState<string | null>('daily');
  const [chosen, setVersion] = useState(() => localStorage.getItem(VERSION_KEY) ?? DEFAULT_VERSION);
  const { bookmarks, toggle, remove, has } = useBookmarks();
  const queryClient = useQueryClient();

  const versions = useQuery({ queryKey: ['bible', 'versions'], queryFn: () => bibleClient.listVersions(), staleTime: 5 * 60_000 });
  // A remembered choice the server cannot serve (NIV, a translation since removed) reads the shipped one instead.
  const canServe = versions.data?.some((v) => v.id === chosen && v.available) ?? chosen === DEFAULT_VERSION;
  const version = versions.data && !canServe ? DEFAULT_VERSION : chosen;
  const books = useQuery({
    queryKey: ['bible', 'books', version],
    queryFn: () => bibleClient.getBooks(version),
    enabled: view === 'books' && (canServe || !!versions.data),
    staleTime: 60 * 60_000,
    retry: 1,
  });
  // No toast when the books list cannot be had: the list below is the full canon either way, and
  // a chapter the translation cannot give says so itself (issue 18: one error, not three).

  useEffect(() => {
    // Each level starts at its top (the layout's header is sticky, so scroll the window itself).
    window.scrollTo({ top: 0 });
  }, [view, chapter]);

  const chooseVersion = (v: string) => {
    setVersion(v);
    localStorage.setItem(VERSION_KEY, v);
  };
  const clearCache = () => {
    bibleClient.clearCache();
    void queryClient.removeQueries({ queryKey: ['bible', 'chapter'] });
    void queryClient.removeQueries({ queryKey: ['bible', 'books'] });
    notify.success(translate('bible.cacheCleared'));
  };

  const heading =
    view === 'main'
      ? t('bible.title')
      : view === 'books'
        ? t('bible.books')
        : view === 'chapters'
          ? book?.name
          : `${book?.name} ${chapter}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {view !== 'main' && (
            <ActionIcon variant="light" size="lg" aria-label={t('bible.back')} onClick={back}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          )}
          <Title order={1} c="navy.8" fz={{ base: 'h3', sm: 'h2' }}>
            {heading}
          </Title>
        </Group>
        <Group gap={6} wrap="nowrap">
          {view === 'main' && (
            <Button leftSection={<IconBooks size={16} />} onClick={showBooks}>
              {t('bible.browse')}
            </Button>
          )}
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" size="lg" aria-label={t('bible.options')}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconTrash size={16} />} onClick={clearCache}>
                {t('bible.clearCache')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <VersionChips value={version} onChange={chooseVersion} versions={versions.data} />

      {view === 'main' && (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="daily">{t('bible.tab.daily')}</Tabs.Tab>
            <Tabs.Tab value="search">{t('bible.tab.search')}</Tabs.Tab>
            <Tabs.Tab value="bookmarks">
              {bookmarks.length ? t('bible.tab.bookmarksCount', { count: bookmarks.length }) : t('bible.tab.bookmarks')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="daily">
            <DailyVerseTab version={version} isBookmarked={has} onToggleBookmark={toggle} />
          </Tabs.Panel>
          <Tabs.Panel value="search">
            <SearchTab version={version} onBrowse={showBooks} isBookmarked={has} onToggleBookmark={toggle} />
          </Tabs.Panel>
          <Tabs.Panel value="bookmarks">
            <BookmarksTab bookmarks={bookmarks} onRemove={remove} />
          </Tabs.Panel>
        </Tabs>
      )}

      {view === 'books' && <BookList available={books.data ? new Set(books.data.books.map((b) => b.id)) : null} onPick={showBook} />}

      {view === 'chapters' && book && (
        <Box>
          <Text size="sm" c="dimmed" mb="sm">
            {t('bible.chapters', { count: book.chapters })} · {book.testament === 'old' ? t('bible.old') : t('bible.new')}
          </Text>
          <ChapterGrid book={book} onPick={(n) => showChapter(book, n)} />
        </Box>
      )}

      {view === 'verses' && book && (
        <ChapterReader
          version={version}
          book={book}
          chapter={chapter}
          onChapter={(n) => showChapter(book, n, true)}
          isBookmarked={has}
          onToggleBookmark={toggle}
        />
      )}
    </Stack>
  );
}
