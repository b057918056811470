import { Alert, Button, Card, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_FUND, type DonationPayment, DONATION_MIN, DONATION_STEP, FREQUENCIES, PAYMENT_METHODS } from '@church/contract/giving';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { givingOptionsQuery, submitCheckout, useDonate } from '../api/giving';
import { translate, useT } from '../../../lib/i18n/use-t';
import { useFormat } from '../../../lib/i18n/use-format';
import { FREQUENCY_KEYS, METHOD_KEYS } from './giving-labels';
import { BankInstructions } from './bank-instructions';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** NumberInput hands back a string while the text is not a plain number yet (e.g. '150.50' keeps its zero). */
function toAmount(v: number | string): number | null {
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v).replace(/[^\d.-]/g, ''));
  return Number.isFinite(n) ? n : null;
}

/**
 * Why a donation was refused, in the server's words whenever it gave a reason
 * the giver can act on — what to change (400), a donation already sent with
 * another amount (409), too many attempts (429) — not only for 400. A 401 or
 * 403 has its own handling (api-client); a failure on our side is the spec's
 * 'Failed to process donation'.
 */
export function donationFailure(err: unknown): string {
  const says =
    err instanceof ApiError && !!err.message && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 403;
  return says ? err.message : translate('member.giving.failed');
}

/** Spec 000 §5: amount ≥ 1 in steps of 0.01, card and one-time by default, optional note. */
export function DonationForm() {
  const donate = useDonate();
  const t = useT();
  const format = useFormat();
  const options = useQuery(givingOptionsQuery());
  const cardOff = options.data ? !options.data.card.available : false;
  const [bank, setBank] = useState<Extract<DonationPayment, { kind: 'bank' }> | null>(null);
  // One key per intended donation: it changes only after a donation is recorded.
  const [key, setKey] = useState(newKey);
  const form = useForm<{ amount: number | string; paymentMethod: string; frequency: string; fund: string; note: string }>({
    initialValues: { amount: '', paymentMethod: 'card', frequency: 'one-time', fund: DEFAULT_FUND, note: '' },
    validate: {
      amount: (v) => {
        const n = toAmount(v);
        if (n === null) return t('member.giving.amountRequired');
        return n < DONATION_MIN ? t('member.giving.amountMin', { amount: format.money(DONATION_MIN) }) : null;
      },
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        {t('member.giving.form.title')}
      </Title>
      {cardOff && (
        <Alert color="yellow" mb="sm" data-testid="card-not-set-up">
          {t('member.giving.cardNotSetUp')}
        </Alert>
      )}
      {bank && <BankInstructions payment={bank} onClose={() => setBank(null)} />}
      <form
        noValidate
        onSubmit={form.onSubmit(async (v) => {
          try {
            const res = await donate.mutateAsync({
              key,
              body: {
                amount: toAmount(v.amount)!,
                paymentMethod: v.paymentMethod as (typeof PAYMENT_METHODS)[number],
                frequency: v.frequency as (typeof FREQUENCIES)[number],
                fund: v.fund,
                note: v.note.trim() || null,
              },
            });
            notify.success(t('member.giving.thanks'));
            form.reset();
            setKey(newKey());
            const payment = res.data.payment;
            if (payment?.kind === 'checkout') submitCheckout(payment.action, payment.fields);
            else setBank(payment?.kind === 'bank' ? payment : null);
          } catch (err) {
            notify.error(donationFailure(err), { key: 'donation' });
          }
        })}
      >
        <Stack gap="sm">
          <NumberInput
            label={t('member.giving.amount')}
            placeholder="0.00"
            required
            min={DONATION_MIN}
            step={DONATION_STEP}
            decimalScale={2}
            thousandSeparator=","
            prefix="R "
            hideControls
            allowNegative={false}
            // Let the form say 'The minimum donation is R 1.00' rather than silently raising the amount.
            clampBehavior="none"
            {...form.getInputProps('amount')}
            disabled={donate.isPending}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('member.giving.method')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-label={t('member.giving.method')}
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(METHOD_KEYS[m]), disabled: m === 'card' && cardOff }))}
              {...form.getInputProps('paymentMethod')}
              disabled={donate.isPending}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('member.giving.frequency')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-label={t('member.giving.frequency')}
              data={FREQUENCIES.map((f) => ({ value: f, label: t(FREQUENCY_KEYS[f]) }))}
              {...form.getInputProps('frequency')}
              disabled={donate.isPending}
            />
          </div>
          <Select
            label={t('member.giving.fund')}
            data={options.data?.funds ?? [DEFAULT_FUND]}
            allowDeselect={false}
            {...form.getInputProps('fund')}
            disabled={donate.isPending}
          />
          <Textarea
            label={t('member.giving.note')}
            placeholder={t('member.giving.notePlaceholder')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('note')}
            disabled={donate.isPending}
          />
          <Button type="submit" color="green" loading={donate.isPending}>
            {t('member.giving.donate')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
