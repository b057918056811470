import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FREQUENCY_LABELS, PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';
import { useErrorToast } from '../../../lib/notify';
import { givingHistoryQuery } from '../api/giving';

/** Giving history with paging; completed is green, anything else yellow (spec 000 §4). */
export function GivingHistory() {
  const [page, setPage] = useState(1);
  const query = useQuery(givingHistoryQuery(page));
  useErrorToast(query, 'Failed to load giving history');

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        Giving History
      </Title>
      {query.isPending ? (
        <Stack gap="xs" data-testid="history-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title="Failed to load giving history">
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : query.data.donations.length === 0 ? (
        <Text c="dimmed" size="sm">
          No donations yet. Your gifts will be listed here.
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
                  {formatRand(d.amount)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {new Date(d.date).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' })} ·{' '}
                  {PAYMENT_METHOD_LABELS[d.paymentMethod]} · {FREQUENCY_LABELS[d.frequency]}
                  {d.status === 'pending' && d.reference ? ` · Ref ${d.reference}` : ''}
                  {d.note ? ` · ${d.note}` : ''}
                </Text>
              </div>
              <Badge
                color={d.status === 'completed' ? 'green' : 'yellow'}
                variant="light"
                style={{ flexShrink: 0 }}
                data-testid="donation-status"
              >
                {d.status}
              </Badge>
            </Group>
          ))}
          {query.data.totalPages > 1 && (
            <Group justify="center" mt="md">
              <PagePicker total={query.data.totalPages} value={page} onChange={setPage} size="sm" aria-label="Giving history pages" />
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
