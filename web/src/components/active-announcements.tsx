import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementsResponse, ANNOUNCEMENT_TEXTS, type AnnouncementPriority } from '@church/contract/announcements';
import { api } from '../lib/api-client';

const PRIORITY_COLOR: Record<AnnouncementPriority, string> = { low: 'blue', medium: 'orange', high: 'red' };

export const activeAnnouncementsQuery = queryOptions({
  queryKey: ['announcements', 'active'] as const,
  queryFn: ({ signal }) => api('/announcements/active', { signal, schema: announcementsResponse }).then((r) => r.data.announcements),
  staleTime: 60_000,
});

/** The church's published announcements whose window includes now, on the member dashboards. Nothing when there are none. */
export function ActiveAnnouncements({ compact = false }: { compact?: boolean }) {
  const q = useQuery(activeAnnouncementsQuery);
  if (q.isError) return <Alert color="red">{ANNOUNCEMENT_TEXTS.loadFailed}</Alert>;
  if (!q.data?.length) return null;
  return (
    <Card withBorder radius="md" padding={compact ? 'sm' : 'md'} aria-label="Announcements" component="section">
      <Group gap="xs" mb="xs">
        <IconSpeakerphone size={18} aria-hidden />
        <Title order={2} size="h4">
          Announcements
        </Title>
      </Group>
      <Stack gap="sm">
        {q.data.map((a) => (
          <div key={a.id}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600}>{a.title}</Text>
              {a.priority === 'high' && (
                <Badge size="xs" color={PRIORITY_COLOR[a.priority]}>
                  Important
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {a.content}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
