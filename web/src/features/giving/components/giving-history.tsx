import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import { useErrorToast } from '../../../lib/notify';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { FREQUENCY_KEYS, METHOD_KEYS, STATUS_KEYS } from './giving-labels';
import { givingHistoryQuery } from '../api/giving';

/** Giving history with paging; completed is green, anything else yellow (spec 000 §4). */
export function GivingHistory() {
  const [page, setPage] = useState(1);
  const query = useQuery(givingHistoryQuery(page));
  const t = useT();
  const format = useFormat();
  useErrorToast(query, t('member.giving.history.failed'));

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        {t('member.giving.history.title')}
      </Title>
      {query.isPending ? (
        <Stack gap="xs" data-testid="history-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title={t('member.giving.history.failed')}>
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            {t('member.retry')}
          </Button>
        </Alert>
      ) : query.data.donations.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('member.giving.history.empty')}
        </Text>
      ) : (
        <Stack gap={0} data-testid="giving-history">
          {query.data.donations.map((d) => (
            <Group
              key={d.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="donation-row"
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={700} data-testid="donation-amount">
                  {format.money(d.amount)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {format.date(d.date, 'medium')} ·{' '}
                  {d.paymentMethod in METHOD_KEYS
                    ? t(METHOD_KEYS[d.paymentMethod as keyof typeof METHOD_KEYS])
                    : PAYMENT_METHOD_LABELS[d.paymentMethod]}{' '}
                  · {t(FREQUENCY_KEYS[d.frequency])}
                  {d.status === 'pending' && d.reference ? ` · ${t('member.giving.history.ref', { reference: d.reference })}` : ''}
                  {d.note ? ' · ' : ''}
                  {d.note && <span data-user-content>{d.note}</span>}
                </Text>
              </div>
              <Badge
                color={d.status === 'completed' ? 'green' : 'yellow'}
                variant="light"
                style={{ flexShrink: 0 }}
                data-testid="donation-status"
              >
                {t(STATUS_KEYS[d.status])}
              </Badge>
            </Group>
          ))}
          {query.data.totalPages > 1 && (
            <Group justify="center" mt="md">
              <PagePicker
                total={query.data.totalPages}
                value={page}
                onChange={setPage}
                size="sm"
                aria-label={t('member.giving.history.pages')}
              />
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
