import { Alert, Button, Card, NumberInput, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CARD_NOT_SET_UP,
  DEFAULT_FUND,
  type DonationPayment,
  DONATION_MIN,
  DONATION_STEP,
  FREQUENCIES,
  FREQUENCY_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
} from '@church/contract/giving';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { givingOptionsQuery, submitCheckout, useDonate } from '../api/giving';
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
  return says ? err.message : 'Failed to process donation';
}

/** Spec 000 §5: amount ≥ 1 in steps of 0.01, card and one-time by default, optional note. */
export function DonationForm() {
  const donate = useDonate();
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
        if (n === null) return 'Please enter an amount';
        return n < DONATION_MIN ? `The minimum donation is R ${DONATION_MIN.toFixed(2)}` : null;
      },
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        Give Online
      </Title>
      {cardOff && (
        <Alert color="yellow" mb="sm" data-testid="card-not-set-up">
          {CARD_NOT_SET_UP}
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
            notify.success('Thank you for your generous donation!');
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
            label="Amount (R)"
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
              Payment method
            </Text>
            <SegmentedControl
              fullWidth
              aria-label="Payment method"
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m], disabled: m === 'card' && cardOff }))}
              {...form.getInputProps('paymentMethod')}
              disabled={donate.isPending}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Frequency
            </Text>
            <SegmentedControl
              fullWidth
              aria-label="Frequency"
              data={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
              {...form.getInputProps('frequency')}
              disabled={donate.isPending}
            />
          </div>
          <Select
            label="Fund"
            data={options.data?.funds ?? [DEFAULT_FUND]}
            allowDeselect={false}
            {...form.getInputProps('fund')}
            disabled={donate.isPending}
          />
          <Textarea
            label="Note"
            placeholder="Optional, e.g. Building fund"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('note')}
            disabled={donate.isPending}
          />
          <Button type="submit" color="green" loading={donate.isPending}>
            Donate
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
