import { Button, Group, Select } from '@mantine/core';
import { PRAYER_PRIORITIES, PRAYER_TEXTS, type Prayer, type PrayerStatus } from '@church/contract/prayers';
import { notify } from '../../../lib/notify';
import { usePrayerPriority, usePrayerStatus } from '../api/manage';

/** Spec 001 §4: approve/reject and priority while pending; Mark Answered once approved (really sets answered + answeredAt). */
export function PrayerActions({ prayer }: { prayer: Prayer }) {
  const status = usePrayerStatus();
  const priority = usePrayerPriority();
  const move = async (to: PrayerStatus) => {
    try {
      await status.mutateAsync({ id: prayer.id, status: to });
      notify.success(PRAYER_TEXTS.statusDone(to));
    } catch {
      notify.error(PRAYER_TEXTS.statusFailed(to));
    }
  };
  const setPriority = async (p: string | null) => {
    if (!p || p === prayer.priority) return;
    try {
      await priority.mutateAsync({ id: prayer.id, priority: p as Prayer['priority'] });
      notify.success(PRAYER_TEXTS.priorityUpdated);
    } catch {
      notify.error(PRAYER_TEXTS.priorityFailed);
    }
  };
  const busy = status.isPending || priority.isPending;
  return (
    <Group gap="xs" wrap="wrap">
      {prayer.status === 'pending' && (
        <>
          <Select
            size="xs"
            w={110}
            data={PRAYER_PRIORITIES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
            value={prayer.priority}
            onChange={setPriority}
            disabled={busy}
            allowDeselect={false}
            aria-label={`Priority of ${prayer.title}`}
          />
          <Button size="xs" color="green" disabled={busy} onClick={() => move('approved')}>
            Approve
          </Button>
          <Button size="xs" color="red" variant="light" disabled={busy} onClick={() => move('rejected')}>
            Reject
          </Button>
        </>
      )}
      {prayer.status === 'approved' && (
        <Button size="xs" variant="light" disabled={busy} onClick={() => move('answered')}>
          Mark Answered
        </Button>
      )}
      {prayer.status === 'rejected' && (
        <Button size="xs" variant="default" disabled={busy} onClick={() => move('pending')}>
          Reopen
        </Button>
      )}
    </Group>
  );
}
