import { useEffect, useState } from 'react';
import { Alert, Button, Container, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Sermon, SermonMediaFilter } from '@church/contract/sermons';
import { PublicPage } from '../../../components/site/public-page';
import { notify, useErrorToast } from '../../../lib/notify';
import { SERMON_PAGE_SIZE, seriesQuery, sermonsQuery, viewSermon } from '../api/sermons-queries';
import { SermonCard } from '../components/sermon-card';
import { SermonPlayerModal, type PlayerState } from '../components/sermon-player-modal';

/** Spec 001 §2 Sermons: the public library with search, All/Video/Audio, series filter and a player. */
export function SermonLibraryPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<SermonMediaFilter>('all');
  const [series, setSeries] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [player, setPlayer] = useState<PlayerState>(null);

  useEffect(() => setPage(1), [debounced, type, series]);
  const list = useQuery({ ...sermonsQuery({ search: debounced, type, series, page }), placeholderData: keepPreviousData });
  const seriesList = useQuery(seriesQuery);
  useErrorToast(list, 'Failed to load sermons');

  const play = async (sermon: Sermon, kind: 'video' | 'audio') => {
    setPlayer({ sermon, kind });
    // Counts the view; the card keeps working even if this fails.
    viewSermon(sermon.id)
      .then((fresh) => setPlayer((p) => (p?.sermon.id === fresh.id ? { ...p, sermon: { ...p.sermon, views: fresh.views } } : p)))
      .catch(() => undefined);
  };

  const download = async (sermon: Sermon) => {
    const url = sermon.videoUrl ?? sermon.audioUrl;
    if (!url) return;
    try {
      const res = await fetch(url, { method: 'HEAD' });
      if (!res.ok) throw new Error(String(res.status));
      window.location.assign(`${url}?download=true`);
    } catch {
      notify.error('Download failed');
    }
  };

  const data = list.data;
  return (
    <PublicPage title="Sermons" subtitle="Watch, listen to and download messages from our Sunday gatherings.">
      <Container size="lg" py={40}>
        <Group gap="sm" mb="xl" align="end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 260px' }}
            label="Search sermons"
            placeholder="Title, speaker, description or series"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <SegmentedControl
            value={type}
            onChange={(v) => setType(v as SermonMediaFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'video', label: 'Video' },
              { value: 'audio', label: 'Audio' },
            ]}
            aria-label="Media type"
          />
          <Select
            label="Series"
            placeholder="All Series"
            data={seriesList.data ?? []}
            value={series}
            onChange={setSeries}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
        </Group>

        {list.isError && !data ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Failed to load sermons">
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => list.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : !data ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={340} radius="lg" />
            ))}
          </SimpleGrid>
        ) : data.sermons.length === 0 ? (
          <Stack align="center" py={60} gap={4}>
            <Text fw={600}>No sermons found</Text>
            <Text c="dimmed" size="sm">
              {debounced || type !== 'all' || series ? 'Try another search or filter.' : 'No sermons have been published yet.'}
            </Text>
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="sm" data-testid="sermon-total">
              {data.total} {data.total === 1 ? 'sermon' : 'sermons'}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {data.sermons.map((s) => (
                <SermonCard key={s.id} sermon={s} onPlay={play} onDownload={download} />
              ))}
            </SimpleGrid>
            {data.total > SERMON_PAGE_SIZE && (
              <Group justify="center" mt="xl">
                <PagePicker total={Math.ceil(data.total / SERMON_PAGE_SIZE)} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </Container>
      <SermonPlayerModal state={player} onClose={() => setPlayer(null)} />
    </PublicPage>
  );
}
