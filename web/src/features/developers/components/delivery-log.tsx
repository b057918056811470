import { Alert, Badge, Button, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { devNotify } from '../../../lib/notify';
import { deliveriesQuery, useReplayDelivery } from '../api/webhooks-api';

const STATUS_COLOR = { pending: 'blue', succeeded: 'green', failed: 'red' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'medium' });

/** The last 50 deliveries of one webhook: status, response code, duration, attempts, and a replay button. */
export function DeliveryLog({ webhookId, canReplay }: { webhookId: string; canReplay: boolean }) {
  const q = useQuery(deliveriesQuery(webhookId));
  const replay = useReplayDelivery();

  async function onReplay(deliveryId: string) {
    try {
      await replay.mutateAsync({ id: webhookId, deliveryId });
      devNotify.success('Delivery queued again');
    } catch (err) {
      devNotify.error(err instanceof Error ? err.message : 'Failed to replay the delivery');
    }
  }

  if (q.isPending) return <Loader size="sm" aria-label="Loading deliveries" />;
  if (q.isError)
    return (
      <Alert color="red" title="Could not load deliveries">
        {q.error.message}
      </Alert>
    );
  if (q.data.length === 0) return <Text c="gray.7">No deliveries yet. Send a test event to try your endpoint.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table data-testid="delivery-log" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery-row">
              <Table.Td ff="monospace">{d.eventType}</Table.Td>
              <Table.Td miw={120}>
                <Badge color={STATUS_COLOR[d.status]} variant="light">
                  {d.status}
                </Badge>
                {d.error && (
                  <Text size="xs" c="red.8">
                    {d.error}
                  </Text>
                )}
                {d.nextAttemptAt && d.attempts > 0 && (
                  <Text size="xs" c="gray.7">
                    Next try {when(d.nextAttemptAt)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{d.responseCode ?? '—'}</Table.Td>
              <Table.Td>{d.durationMs === null ? '—' : `${d.durationMs} ms`}</Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{when(d.createdAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  disabled={!canReplay || d.status === 'pending'}
                  loading={replay.isPending && replay.variables?.deliveryId === d.id}
                  onClick={() => onReplay(d.id)}
                  aria-label={`Replay ${d.eventType} delivery from ${when(d.createdAt)}`}
                >
                  Replay
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
