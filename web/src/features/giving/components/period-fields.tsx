import { TextInput } from '@mantine/core';
import type { StatementQuery } from '@church/contract/giving-statements';

/**
 * The From and To day fields of a statement period (My Giving and the treasurer's tab). The value is read
 * before the state update: React has let go of the event by the time an updater runs.
 */
export function PeriodFields({
  period,
  onChange,
  labels,
  error,
}: {
  period: StatementQuery;
  onChange: (update: (p: StatementQuery) => StatementQuery) => void;
  labels: { from: string; to: string };
  error: string | null;
}) {
  return (
    <>
      <TextInput
        type="date"
        label={labels.from}
        value={period.from}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onChange((p) => ({ ...p, from: value }));
        }}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={period.to}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onChange((p) => ({ ...p, to: value }));
        }}
        error={error}
      />
    </>
  );
}
