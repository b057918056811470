import { useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Grid, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../app/document-title';
import { PublicPage } from '../../../components/site/public-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { sermonDetailQuery } from '../api/sermons-queries';
import { SermonPlayer } from '../components/sermon-player';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(
    new Date(iso),
  );

/** Checks the file is there before the browser is sent to download it (a missing file would otherwise open a JSON error). */
async function download(url: string) {
  try {
    const res = await fetch(url, { method: 'HEAD' });
    if (!res.ok) throw new Error(String(res.status));
    window.location.assign(`${url}?download=true`);
  } catch {
    notify.error('Download failed');
  }
}

/**
 * One sermon with its player (issue 18: a sermon card opens its detail): watch
 * or listen on the page, the description, speaker, series, date, views and a
 * download. Opening it counts a view, as opening the library's player does.
 */
export function SermonPage() {
  const { id = '' } = useParams();
  const query = useQuery(sermonDetailQuery(id));
  const s = query.data;
  const [choice, setChoice] = useState<'video' | 'audio' | null>(null);
  usePageTitle(s?.title);
  const kind = choice ?? (s?.videoUrl ? 'video' : 'audio');
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <PublicPage title={s?.title ?? 'Sermon'} subtitle={s ? `${s.speaker} · ${longDate(s.date)}` : undefined}>
      <Container size="lg" py={40}>
        <Anchor component={Link} to={paths.sermons} size="sm" mb="lg" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
          <IconArrowLeft size={14} aria-hidden /> All sermons
        </Anchor>
        {query.isPending ? (
          <Skeleton height={360} radius="lg" />
        ) : query.isError ? (
          <Alert color={notFound ? 'yellow' : 'red'} title={notFound ? 'Sermon not found' : 'Failed to load sermon'}>
            {notFound ? (
              <Text size="sm">It may have been unpublished. Browse the other sermons.</Text>
            ) : (
              <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
                Retry
              </Button>
            )}
          </Alert>
        ) : (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                {s!.videoUrl && s!.audioUrl && (
                  <SegmentedControl
                    w="fit-content"
                    aria-label="Watch or listen"
                    value={kind}
                    onChange={(v) => setChoice(v as 'video' | 'audio')}
                    data={[
                      { value: 'video', label: 'Watch' },
                      { value: 'audio', label: 'Listen' },
                    ]}
                  />
                )}
                {s!.videoUrl || s!.audioUrl ? (
                  <Card withBorder radius="lg" padding="md" data-testid="sermon-player">
                    <SermonPlayer sermon={s!} kind={kind} />
                  </Card>
                ) : (
                  <Alert color="gray" title="Recording not available online">
                    {s!.externalUrl ? (
                      <Anchor href={s!.externalUrl} target="_blank" rel="noopener noreferrer">
                        Watch it where it was published <IconExternalLink size={14} aria-hidden />
                      </Anchor>
                    ) : (
                      'Ask the church office for a copy.'
                    )}
                  </Alert>
                )}
                <Title order={2} fz="xl">
                  About this message
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{s!.description || 'No description yet.'}</Text>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder radius="lg" padding="lg">
                <Stack gap={8}>
                  <Fact label="Speaker" value={s!.speaker} />
                  {s!.series && <Fact label="Series" value={s!.series} />}
                  <Fact label="Preached" value={longDate(s!.date)} />
                  {s!.duration && <Fact label="Length" value={s!.duration} />}
                  <Fact label="Views" value={String(s!.views)} testId="sermon-views" />
                  {(s!.videoUrl || s!.audioUrl) && (
                    <Button
                      mt="sm"
                      variant="light"
                      leftSection={<IconDownload size={16} />}
                      onClick={() => download((kind === 'video' ? s!.videoUrl : s!.audioUrl) ?? s!.videoUrl ?? s!.audioUrl!)}
                    >
                      Download
                    </Button>
                  )}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </PublicPage>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
