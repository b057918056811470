import { Alert } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { useT } from '../../../lib/i18n/use-t';
import { givingHistoryQuery, givingKeys, useCancelPending } from '../api/giving';

const POLL_MS = 2_000;

/**
 * Back from the provider's checkout (?donation=<id>): the gift stays pending
 * until the provider's notification reaches the server, so we look again
 * every two seconds until it settles. A cancelled checkout cancels the gift.
 */
export function PaymentReturn() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const id = params.get('donation');
  const cancelled = params.get('cancelled') === '1';
  const qc = useQueryClient();
  const cancel = useCancelPending();
  const done = useRef(false);
  const history = useQuery({ ...givingHistoryQuery(1), enabled: !!id && !cancelled, refetchInterval: POLL_MS });
  const gift = history.data?.donations.find((d) => d.id === id);

  useEffect(() => {
    if (!id || !cancelled || done.current) return;
    done.current = true;
    cancel.mutate(id, { onSettled: () => notify.info(t('member.giving.return.cancelled')) });
    setParams({}, { replace: true });
  }, [id, cancelled, cancel, setParams, t]);

  useEffect(() => {
    if (gift && gift.status !== 'pending') {
      void qc.invalidateQueries({ queryKey: givingKeys.all });
      void qc.invalidateQueries({ queryKey: ['notifications'] });
      if (gift.status === 'completed') notify.success(t('member.giving.return.received'));
      setParams({}, { replace: true });
    }
  }, [gift, qc, setParams, t]);

  if (!id || cancelled) return null;
  return (
    <Alert color="yellow" data-testid="payment-confirming">
      {t('member.giving.return.waiting')}
    </Alert>
  );
}
