import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EVENT_TYPES, type ChurchEvent } from '@church/contract/events';
import { EVENT_FORM_DEFAULTS, EVENT_TEXTS, eventWriteRequest } from '@church/contract/events-manage';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { eventQuery, useSaveEvent } from '../api/manage';
import { dayInZone, timeInZone, useChurchTimeZone } from '../../../lib/church-time';

interface FormState {
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  type: string;
  maxAttendees: number | '';
  speaker: string;
  registrationRequired: boolean;
  endTime: string;
  registrationsClosed: boolean;
  /** Create only: tell members (in the app), and optionally by e-mail. */
  announce: boolean;
  announceByEmail: boolean;
}

const fromEvent = (e: ChurchEvent, tz: string): FormState => ({
  title: e.title,
  description: e.description,
  date: dayInZone(e.date, tz),
  time: e.time || EVENT_FORM_DEFAULTS.time,
  location: e.location,
  type: e.type,
  maxAttendees: e.maxAttendees ?? '',
  speaker: e.speaker ?? '',
  registrationRequired: e.registrationRequired,
  // An event without a time runs all day: its end is not a time the leader chose.
  endTime: e.endDate && e.time ? timeInZone(e.endDate, tz) : '',
  registrationsClosed: e.registrationsClosed,
  announce: false,
  announceByEmail: false,
});

function EventForm({ initial, id }: { initial: FormState; id?: string }) {
  const navigate = useNavigate();
  const save = useSaveEvent(id);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field's error clears when that field is edited (as on the add-member form, spec 001 §5).
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const body = {
      ...form,
      type: form.type || undefined,
      maxAttendees: form.maxAttendees === '' ? null : form.maxAttendees,
      endTime: form.endTime || null,
      announce: !id && form.announce,
      announceByEmail: !id && form.announce && form.announceByEmail,
    };
    const parsed = eventWriteRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      notify.success(id ? EVENT_TEXTS.updated : EVENT_TEXTS.created);
      navigate(id ? paths.event(saved.id) : paths.events);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status === 400 ? err.message : id ? EVENT_TEXTS.updateFailed : EVENT_TEXTS.createFailed);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate maw={760}>
      <Stack>
        <TextInput label="Title" required value={form.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          value={form.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            label="Date"
            type="date"
            required
            value={form.date}
            error={errors.date}
            onChange={(e) => set('date', e.currentTarget.value)}
          />
          <TextInput
            label="Time"
            type="time"
            required
            value={form.time}
            error={errors.time}
            onChange={(e) => set('time', e.currentTarget.value)}
          />
          <TextInput
            label="Ends at"
            type="time"
            description="Leave empty for two hours"
            value={form.endTime}
            error={errors.endTime}
            onChange={(e) => set('endTime', e.currentTarget.value)}
          />
          <Select
            label="Type"
            required
            data={EVENT_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }))}
            value={form.type || null}
            error={errors.type}
            onChange={(v) => set('type', v ?? '')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Location"
            value={form.location}
            error={errors.location}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
          <TextInput label="Speaker" value={form.speaker} error={errors.speaker} onChange={(e) => set('speaker', e.currentTarget.value)} />
        </SimpleGrid>
        <NumberInput
          label="Maximum attendees"
          description="Leave empty for no limit"
          min={1}
          allowDecimal={false}
          value={form.maxAttendees}
          error={errors.maxAttendees}
          onChange={(v) => set('maxAttendees', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
          maw={240}
        />
        <Checkbox
          label="Registration required"
          checked={form.registrationRequired}
          onChange={(e) => set('registrationRequired', e.currentTarget.checked)}
        />
        <Checkbox
          label="Close registrations"
          description="Nobody new can register or join the waiting list"
          checked={form.registrationsClosed}
          onChange={(e) => set('registrationsClosed', e.currentTarget.checked)}
        />
        {!id && (
          <Stack gap="xs">
            <Checkbox
              label="Announce to members"
              description="Every member gets a notification in the app"
              checked={form.announce}
              onChange={(e) => set('announce', e.currentTarget.checked)}
            />
            <Checkbox
              ml="lg"
              label="Also send by e-mail"
              description="To members who agreed to e-mail from the church"
              disabled={!form.announce}
              checked={form.announce && form.announceByEmail}
              onChange={(e) => set('announceByEmail', e.currentTarget.checked)}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {id ? 'Save Changes' : 'Create Event'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /events/create: spec 001 §5 defaults — date today, time 10:00, type service. */
export function EventCreatePage() {
  const tz = useChurchTimeZone();
  const initial: FormState = {
    title: '',
    description: '',
    date: dayInZone(new Date(), tz),
    time: EVENT_FORM_DEFAULTS.time,
    location: '',
    type: EVENT_FORM_DEFAULTS.type,
    maxAttendees: '',
    speaker: '',
    registrationRequired: false,
    endTime: '',
    registrationsClosed: false,
    announce: true,
    announceByEmail: false,
  };
  return (
    <Stack>
      <Title order={1}>Create Event</Title>
      <EventForm initial={initial} />
    </Stack>
  );
}

/** /events/edit/{id}. */
export function EventEditPage() {
  const { id = '' } = useParams();
  const tz = useChurchTimeZone();
  const q = useQuery(eventQuery(id));
  useEffect(() => {
    if (q.isError) notify.error('Failed to load event');
  }, [q.isError]);
  return (
    <Stack>
      <Title order={1}>Edit Event</Title>
      {q.isPending ? (
        <Skeleton height={420} maw={760} />
      ) : q.isError ? (
        <Alert color="red" title="Failed to load event" />
      ) : (
        <EventForm initial={fromEvent(q.data, tz)} id={id} />
      )}
    </Stack>
  );
}
