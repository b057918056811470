import { Button, Card, Group, NumberInput, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CARE_ALERT_TEXTS, DRIFT_LIMITS } from '@church/contract/groups';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { groupSettingsQuery, useSaveGroupSettings } from '../api/groups';

/** The church's N: how many meetings missed running raise a follow-up (0: off). */
export function GroupSettingsCard() {
  const query = useQuery(groupSettingsQuery());
  const save = useSaveGroupSettings();
  const [value, setValue] = useState<number | string | null>(null);
  const current = value ?? query.data?.driftAfterMeetings ?? '';
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    try {
      await save.mutateAsync(Number(current));
      notify.success(CARE_ALERT_TEXTS.settingsSaved);
      setValue(null);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : 'Failed to save');
    }
  };
  return (
    <Card withBorder radius="lg" component="form" onSubmit={submit}>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Follow up after this many meetings missed running"
          description="0 turns the check off"
          min={DRIFT_LIMITS.min}
          max={DRIFT_LIMITS.max}
          value={current}
          onChange={setValue}
          maw={360}
        />
        <Button type="submit" variant="light" loading={save.isPending} disabled={value === null}>
          Save
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        Checked every night; the group&apos;s leader is told once, and pastoral care sees it in the care inbox.
      </Text>
    </Card>
  );
}
