import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SERVICE_TEXTS, SERVICE_TIME_DAYS } from '@church/contract/services';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateService } from '../api';

const DAY_LABELS: Record<(typeof SERVICE_TIME_DAYS)[number], string> = {
  sunday: 'Sunday service time',
  wednesday: 'Wednesday service time',
  friday: 'Friday service time',
  saturday: 'Saturday service time',
};

/** Plan a service: from the church's service times (title, time and length from the settings) or one-off. */
export function CreateServiceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateService();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'times' | 'one-off'>('times');
  const [date, setDate] = useState('');
  const [day, setDay] = useState<string | null>('sunday');
  const [time, setTime] = useState('');
  const [title, setTitle] = useState('');
  const [minutes, setMinutes] = useState<number | string>(90);
  const save = async () => {
    try {
      const s = await create.mutateAsync(
        mode === 'times'
          ? { date, serviceTimesDay: day as 'sunday', title: title.trim() || undefined }
          : { date, time, title: title.trim() || 'Service', durationMinutes: Number(minutes) || 90 },
      );
      notify.success(SERVICE_TEXTS.created);
      onClose();
      navigate(paths.service(s.id));
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not create the service');
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Plan a service" centered>
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'times' | 'one-off')}
          data={[
            { value: 'times', label: 'From service times' },
            { value: 'one-off', label: 'One-off' },
          ]}
        />
        <TextInput type="date" label="Date" required value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        {mode === 'times' ? (
          <Select
            label="Service time"
            data={SERVICE_TIME_DAYS.map((d) => ({ value: d, label: DAY_LABELS[d] }))}
            value={day}
            onChange={setDay}
            allowDeselect={false}
          />
        ) : (
          <>
            <TextInput type="time" label="Start time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} />
            <NumberInput label="Length (minutes)" min={10} max={720} value={minutes} onChange={setMinutes} />
          </>
        )}
        <TextInput
          label="Title"
          placeholder={mode === 'times' ? 'From the service times' : 'Service'}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={120}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={create.isPending} disabled={!date || (mode === 'one-off' && !time)}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
