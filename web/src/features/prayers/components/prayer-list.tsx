import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Prayer } from '@church/contract/prayers';
import { notify } from '../../../lib/notify';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import type { MessageKey } from '@church/contract/i18n/keys';
import { prayersQuery } from '../api/prayers';

const STATUS_LABELS: Record<Prayer['status'], MessageKey> = {
  pending: 'member.prayer.status.pending',
  approved: 'member.prayer.status.approved',
  rejected: 'member.prayer.status.rejected',
  answered: 'member.prayer.status.answered',
};
const STATUS_COLOURS: Record<Prayer['status'], string> = { pending: 'yellow', approved: 'green', rejected: 'gray', answered: 'blue' };

export function PrayerList({ userId }: { userId: string }) {
  const query = useQuery(prayersQuery());
  const t = useT();
  const format = useFormat();
  const warned = useRef(false);
  useEffect(() => {
    if (query.isError && !warned.current) {
      warned.current = true;
      notify.error(t('member.prayer.loadFailed'));
    }
    if (query.isSuccess) warned.current = false;
  }, [query.isError, query.isSuccess, t]);

  if (query.isPending) {
    return (
      <Stack gap="sm" data-testid="prayers-loading">
        {[0, 1, 2].map((i) => (
          <Card key={i} withBorder radius="lg" padding="md">
            <Skeleton height={14} width="50%" mb={10} />
            <Skeleton height={10} mb={6} />
            <Skeleton height={10} width="80%" />
          </Card>
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={t('member.prayer.loadFailed')}>
        <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
          {t('member.retry')}
        </Button>
      </Alert>
    );
  }
  if (query.data.prayers.length === 0) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed" ta="center">
          {t('member.prayer.empty')}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm" data-testid="prayer-list">
      {query.data.prayers.map((p) => (
        <Card key={p.id} withBorder radius="lg" padding="md" data-testid="prayer-item">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} data-user-content>
              {p.title}
            </Text>
            <Badge color={STATUS_COLOURS[p.status]} variant="light" style={{ flexShrink: 0 }}>
              {t(STATUS_LABELS[p.status])}
            </Badge>
          </Group>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-user-content>
            {p.description}
          </Text>
          <Group gap="xs" mt="xs">
            <Text size="xs" c="dimmed">
              {t('member.prayer.byline', {
                who: p.userId === userId ? t('member.prayer.you') : (p.user?.name ?? t('member.prayer.anonymous')),
                when: format.relative(p.createdAt) ?? t('member.justNow'),
              })}
            </Text>
            {!p.isPublic && (
              <Badge size="xs" variant="outline" color="gray" leftSection={<IconLock size={10} />}>
                {t('member.prayer.private')}
              </Badge>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
