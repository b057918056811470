import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { IconDownload, IconEye, IconHeadphones, IconPlayerPlay } from '@tabler/icons-react';
import type { Sermon } from '@church/contract/sermons';
import classes from './sermons.module.css';

const date = (iso: string) =>
  new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(
    new Date(iso),
  );

interface Props {
  sermon: Sermon;
  onPlay: (sermon: Sermon, kind: 'video' | 'audio') => void;
  onDownload: (sermon: Sermon) => void;
}

/** One sermon: thumbnail (gradient when missing or broken), details, and watch / listen / download. */
export function SermonCard({ sermon: s, onPlay, onDownload }: Props) {
  const [thumbFailed, setThumbFailed] = useState(false);
  return (
    <Card withBorder radius="lg" padding={0} className={classes.card} data-testid="library-sermon">
      <div className={classes.thumb}>
        {s.thumbnailUrl && !thumbFailed ? (
          <img src={s.thumbnailUrl} alt="" loading="lazy" onError={() => setThumbFailed(true)} className={classes.thumbImg} />
        ) : (
          <div className={classes.placeholder} aria-hidden>
            <Text fw={700} c="white" ff="heading" fz="lg" lineClamp={2} px="md" ta="center">
              {s.series ?? s.title}
            </Text>
          </div>
        )}
        {s.duration && (
          <Badge className={classes.duration} color="dark" variant="filled">
            {s.duration}
          </Badge>
        )}
      </div>
      <Stack gap={6} p="lg" style={{ flex: 1 }}>
        {s.series && (
          <Text size="xs" c="gold.8" fw={700} tt="uppercase">
            {s.series}
          </Text>
        )}
        <Title order={3} fz="lg" lineClamp={2}>
          {/* The sermon's own page: its player, description and download. */}
          <Anchor component={Link} to={paths.sermon(s.id)} c="inherit">
            {s.title}
          </Anchor>
        </Title>
        <Text size="sm" fw={600}>
          {s.speaker}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {s.description}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs">
          <Text size="xs" c="dimmed">
            {date(s.date)}
          </Text>
          <Group gap={4}>
            <IconEye size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {s.views} views
            </Text>
          </Group>
        </Group>
        <Group gap="xs" mt="xs">
          {s.videoUrl && (
            <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => onPlay(s, 'video')}>
              Watch
            </Button>
          )}
          {s.audioUrl && (
            <Button size="xs" variant="light" leftSection={<IconHeadphones size={14} />} onClick={() => onPlay(s, 'audio')}>
              Listen
            </Button>
          )}
          {(s.videoUrl || s.audioUrl) && (
            <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => onDownload(s)}>
              Download
            </Button>
          )}
          {!s.videoUrl && !s.audioUrl && (
            <Text size="xs" c="dimmed">
              Recording not available online
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
