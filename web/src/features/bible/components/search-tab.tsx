import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SEARCH_DEFAULT_LIMIT } from '@church/contract/bible/schemas';
import { notify } from '../../../lib/notify';
import { bibleClient } from '../lib/bible-client';
import { translate } from '../../../lib/i18n/use-t';
import { useT } from '../../../lib/i18n/use-t';
import { VerseCard } from './verse-card';

interface Props {
  version: string;
  onBrowse: () => void;
  isBookmarked: (v: { reference: string; version: string }) => boolean;
  onToggleBookmark: (v: { reference: string; version: string; text: string }) => void;
}

/** Spec 000 §5/§8/§9: search with at most 10 results, the spec's toasts for empty, none and failure. */
export function SearchTab({ version, onBrowse, isBookmarked, onToggleBookmark }: Props) {
  const [term, setTerm] = useState('');
  const t = useT();
  const search = useMutation({
    mutationFn: (q: string) => bibleClient.search(q, version, SEARCH_DEFAULT_LIMIT),
    onSuccess: (verses) => {
      if (!verses.length) notify.info(translate('bible.noResults'));
    },
    onError: () => notify.error(translate('bible.searchFailed')),
  });
  const submit = () => {
    const q = term.trim();
    if (!q) {
      notify.info(translate('bible.emptySearch'));
      return;
    }
    search.mutate(q);
  };

  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('bible.searchLabel')}
            placeholder="love, “living water”, John 3:16"
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
          />
          <Button type="submit" loading={search.isPending}>
            {t('bible.tab.search')}
          </Button>
        </Group>
      </form>
      {search.isPending && (
        <Group justify="center" py="lg">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('bible.searching')}
          </Text>
        </Group>
      )}
      {search.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('bible.searchFailedTitle')}>
          <Text size="sm">{translate('bible.searchFailed')}</Text>
          <Group mt="sm" gap="xs">
            <Button size="xs" variant="light" color="red" onClick={() => search.mutate(search.variables!)}>
              {t('bible.retry')}
            </Button>
            <Button size="xs" variant="subtle" onClick={onBrowse}>
              {t('bible.browse')}
            </Button>
          </Group>
        </Alert>
      )}
      {search.isSuccess && search.data.length === 0 && (
        <Stack align="center" gap={6} py="lg">
          <Text c="dimmed" ta="center">
            {translate('bible.noResults')}
          </Text>
          <Button variant="light" onClick={onBrowse}>
            {t('bible.browse')}
          </Button>
        </Stack>
      )}
      {search.isSuccess && search.data.length > 0 && (
        <Stack gap="xs" aria-label={t('bible.results')}>
          <Text size="sm" c="dimmed" data-testid="search-count">
            {t('bible.resultCount', { count: search.data.length, term: search.variables ?? '' })}
          </Text>
          {search.data.map((v) => (
            <VerseCard
              key={`${v.book}-${v.chapter}-${v.verse}`}
              verse={v}
              bookmarked={isBookmarked(v)}
              onToggleBookmark={() => onToggleBookmark(v)}
            />
          ))}
        </Stack>
      )}
      {search.isIdle && (
        <Text size="sm" c="dimmed">
          {t('bible.searchHint')}
        </Text>
      )}
    </Stack>
  );
}
