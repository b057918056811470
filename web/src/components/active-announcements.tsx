import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementsResponse, type AnnouncementPriority } from '@church/contract/announcements';
import { api } from '../lib/api-client';
import { useT } from '../lib/i18n/use-t';

const PRIORITY_COLOR: Record<AnnouncementPriority, string> = { low: 'blue', medium: 'orange', high: 'red' };

export const activeAnnouncementsQuery = queryOptions({
  queryKey: ['announcements', 'active'] as const,
  queryFn: ({ signal }) => api('/announcements/active', { signal, schema: announcementsResponse }).then((r) => r.data.announcements),
  staleTime: 60_000,
});

/** The church's published announcements whose window includes now, on the member dashboards. Nothing when there are none. */
export function ActiveAnnouncements({ compact = false }: { compact?: boolean }) {
  const q = useQuery(activeAnnouncementsQuery);
  const t = useT();
  if (q.isError) return <Alert color="red">{t('common.announcementsFailed')}</Alert>;
  if (!q.data?.length) return null;
  return (
    <Card withBorder radius="md" padding={compact ? 'sm' : 'md'} aria-label={t('common.announcements')} component="section">
      <Group gap="xs" mb="xs">
        <IconSpeakerphone size={18} aria-hidden />
        <Title order={2} size="h4">
          {t('common.announcements')}
        </Title>
      </Group>
      <Stack gap="sm">
        {q.data.map((a) => (
          <div key={a.id}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} data-user-content>
                {a.title}
              </Text>
              {a.priority === 'high' && (
                <Badge size="xs" color={PRIORITY_COLOR[a.priority]}>
                  {t('common.important')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-user-content>
              {a.content}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
