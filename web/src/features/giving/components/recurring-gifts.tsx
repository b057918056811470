import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/modals';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { FREQUENCY_KEYS } from './giving-labels';
import type { MessageKey } from '@church/contract/i18n/keys';

const SUB_STATUS: Record<'pending' | 'active' | 'cancelled', MessageKey> = {
  pending: 'member.giving.recurring.status.pending',
  active: 'member.giving.recurring.status.active',
  cancelled: 'member.giving.recurring.status.cancelled',
};
import { subscriptionsQuery, useCancelSubscription } from '../api/giving';

/** The member's weekly and monthly card gifts, each cancellable at the provider. */
export function RecurringGifts() {
  const subs = useQuery(subscriptionsQuery());
  const cancel = useCancelSubscription();
  const t = useT();
  const format = useFormat();
  const live = (subs.data ?? []).filter((s) => s.status !== 'cancelled');
  if (live.length === 0) return null;
  const confirm = (id: string) =>
    openConfirmModal({
      title: t('member.giving.recurring.confirmTitle'),
      children: <Text size="sm">{t('member.giving.recurring.confirmText')}</Text>,
      labels: { confirm: t('member.giving.recurring.confirmYes'), cancel: t('member.giving.recurring.confirmNo') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(id, {
          onSuccess: () => notify.success(t('member.giving.recurring.cancelled')),
          onError: (err) => notify.error(err instanceof ApiError ? err.message : t('member.giving.recurring.cancelFailed')),
        }),
    });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        {t('member.giving.recurring.title')}
      </Title>
      <Stack gap="xs">
        {live.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" data-testid="subscription-row">
            <div>
              <Text fw={700}>
                {t('member.giving.recurring.amount', {
                  amount: format.money(s.amount),
                  frequency: t(FREQUENCY_KEYS[s.frequency]).toLocaleLowerCase(format.locale),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('member.giving.recurring.fund', { fund: s.fund })} ·{' '}
                <Badge size="xs" variant="light" color={s.status === 'active' ? 'green' : 'yellow'}>
                  {t(SUB_STATUS[s.status])}
                </Badge>
              </Text>
            </div>
            <Button size="xs" variant="light" color="red" onClick={() => confirm(s.id)} loading={cancel.isPending}>
              {t('member.giving.recurring.cancel')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
