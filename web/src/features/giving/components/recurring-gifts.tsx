import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/modals';
import { useQuery } from '@tanstack/react-query';
import { FREQUENCY_LABELS, SUBSCRIPTION_CANCELLED } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { subscriptionsQuery, useCancelSubscription } from '../api/giving';

/** The member's weekly and monthly card gifts, each cancellable at the provider. */
export function RecurringGifts() {
  const subs = useQuery(subscriptionsQuery());
  const cancel = useCancelSubscription();
  const live = (subs.data ?? []).filter((s) => s.status !== 'cancelled');
  if (live.length === 0) return null;
  const confirm = (id: string) =>
    openConfirmModal({
      title: 'Cancel recurring gift?',
      children: <Text size="sm">No further payments will be taken. Gifts already made stay in your history.</Text>,
      labels: { confirm: 'Cancel gift', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(id, {
          onSuccess: () => notify.success(SUBSCRIPTION_CANCELLED),
          onError: (err) => notify.error(err instanceof ApiError ? err.message : 'Could not cancel the recurring gift'),
        }),
    });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        Recurring Gifts
      </Title>
      <Stack gap="xs">
        {live.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" data-testid="subscription-row">
            <div>
              <Text fw={700}>
                {formatRand(s.amount)} {FREQUENCY_LABELS[s.frequency].toLowerCase()}
              </Text>
              <Text size="xs" c="dimmed">
                {s.fund} fund ·{' '}
                <Badge size="xs" variant="light" color={s.status === 'active' ? 'green' : 'yellow'}>
                  {s.status}
                </Badge>
              </Text>
            </div>
            <Button size="xs" variant="light" color="red" onClick={() => confirm(s.id)} loading={cancel.isPending}>
              Cancel
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
