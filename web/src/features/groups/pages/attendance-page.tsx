import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconCloudOff, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MEETING_TEXTS, type MeetingDetail } from '@church/contract/groups-meetings';
import { paths } from '../../../config/paths';
import { groupKeys, meetingDetailQuery } from '../api/groups';
import { meetingWhen, useTimeZone } from '../components/meeting-time';
import { attendanceStore, flushAttendance, newId } from '../offline/attendance-store';
import { useOnline } from '../offline/use-online';
import classes from './attendance-page.module.css';

/** Items still on this phone for this meeting (by its own id or the server's). */
function waitingFor(meetingIds: string[]) {
  const p = attendanceStore.pending();
  return [...p.meetings.map((m) => m.id), ...p.marks.map((m) => m.meetingId), ...p.visitors.map((v) => v.meetingId)].filter((id) =>
    meetingIds.includes(id),
  ).length;
}

/**
 * Taking attendance on a phone: one tap marks a person present, a second tap absent, and
 * "Mark the rest absent" finishes the register. Every tap is kept on the phone first and sent
 * when there is a network (offline/attendance-store.ts), so a power cut loses nothing.
 */
export function AttendancePage() {
  const { id: groupId = '', meetingId = '' } = useParams();
  const online = useOnline();
  const tz = useTimeZone();
  const qc = useQueryClient();
  const serverId = attendanceStore.serverId(meetingId);
  const query = useQuery(meetingDetailQuery(groupId, serverId));
  const [detail, setDetail] = useState<MeetingDetail | null>(() => attendanceStore.cached(meetingId));
  const [waiting, setWaiting] = useState(() => waitingFor([meetingId, serverId]));
  const [failed, setFailed] = useState(false);
  const [visitor, setVisitor] = useState({ name: '', phone: '' });
  const [details, setDetails] = useState<{ headcount: number | string; note: string } | null>(null);

  useEffect(() => attendanceStore.subscribe(() => setWaiting(waitingFor([meetingId, attendanceStore.serverId(meetingId)]))), [meetingId]);
  // The server's register replaces the phone's copy only when nothing of this meeting waits to be sent.
  useEffect(() => {
    if (query.data && waitingFor([meetingId, serverId]) === 0) {
      setDetail(query.data);
      attendanceStore.remember(query.data);
    }
  }, [query.data, meetingId, serverId]);
  useEffect(() => {
    if (!online || waiting === 0) return;
    flushAttendance().then(
      () => {
        setFailed(false);
        void qc.invalidateQueries({ queryKey: groupKeys.all });
      },
      () => setFailed(true),
    );
  }, [online, waiting, qc]);

  if (!detail)
    return query.isPending && online ? (
      <Skeleton height={320} radius="lg" />
    ) : (
      <Alert color="red" title={MEETING_TEXTS.loadFailed}>
        <Text size="sm" mb="xs">
          {online ? '' : 'This meeting has not been opened on this phone yet; open it once with a network.'}
        </Text>
        <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );

  const m = detail.meeting;
  /** Records locally at once, queues for the server. */
  const change = (next: MeetingDetail, items: Parameters<typeof attendanceStore.queue>[0]) => {
    setDetail(next);
    attendanceStore.queue(items, next);
  };
  const meetingItem = (extra: object = {}) => ({ id: m.id, groupId: m.groupId, startsAt: m.startsAt, ...extra });
  const mark = (userIds: string[], present: boolean) => {
    const at = new Date().toISOString();
    const set = new Set(userIds);
    const register = detail.register.map((r) => (set.has(r.id) ? { ...r, present } : r));
    const presentCount = register.filter((r) => r.present).length;
    change(
      {
        ...detail,
        register,
        meeting: { ...m, status: 'held', presentCount, expectedCount: register.filter((r) => r.present !== null).length },
      },
      { meetings: [meetingItem()], marks: userIds.map((userId) => ({ id: newId(), meetingId: m.id, userId, present, at })) },
    );
  };
  const unmarked = detail.register.filter((r) => r.present === null).map((r) => r.id);
  const addVisitor = (ev: React.FormEvent) => {
    ev.preventDefault();
    const name = visitor.name.trim();
    if (!name) return;
    const v = { id: newId(), meetingId: m.id, name, phone: visitor.phone.trim() };
    change(
      { ...detail, visitors: [...detail.visitors, { _id: v.id, id: v.id, name, phone: v.phone, returning: false }] },
      { meetings: [meetingItem()], visitors: [v] },
    );
    setVisitor({ name: '', phone: '' });
  };
  const form = details ?? { headcount: m.headcount ?? '', note: m.note ?? '' };
  const saveDetails = (ev: React.FormEvent) => {
    ev.preventDefault();
    const headcount = form.headcount === '' ? null : Number(form.headcount);
    change({ ...detail, meeting: { ...m, headcount, note: form.note } }, { meetings: [meetingItem({ headcount, note: form.note })] });
    setDetails(null);
  };
  const cancelMeeting = () =>
    change({ ...detail, meeting: { ...m, status: 'cancelled' } }, { meetings: [meetingItem({ status: 'cancelled' })] });

  const state = !online
    ? { color: 'orange', icon: <IconCloudOff size={16} />, text: waiting ? MEETING_TEXTS.savedOffline : 'Offline' }
    : waiting
      ? { color: failed ? 'red' : 'blue', icon: null, text: failed ? MEETING_TEXTS.syncFailed : 'Sending…' }
      : { color: 'green', icon: <IconCheck size={16} />, text: 'All saved' };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.group(groupId)} size="sm">
        ← {detail.group.name}
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Attendance
        </Title>
        <Text>{meetingWhen(m.startsAt, tz)}</Text>
      </div>
      <Group gap="xs" role="status" aria-live="polite">
        {/* Text, not a badge: the offline sentence must wrap on a narrow phone. */}
        <Group gap={6} wrap="nowrap" className={classes.state} data-color={state.color}>
          {state.icon}
          <Text size="sm" fw={600}>
            {state.text}
          </Text>
        </Group>
        {m.status === 'cancelled' && <Badge color="gray">{MEETING_TEXTS.cancelled}</Badge>}
      </Group>
      <Text fw={600}>
        {detail.register.filter((r) => r.present).length} of {detail.register.length} present
      </Text>
      <Stack gap={8} component="ul" className={classes.register}>
        {detail.register.map((r) => (
          <li key={r.id}>
            <UnstyledButton
              className={classes.person}
              data-state={r.present === null ? 'unmarked' : r.present ? 'present' : 'absent'}
              aria-pressed={r.present === true}
              onClick={() => mark([r.id], r.present !== true)}
            >
              <Text fw={600} component="span">
                {r.name}
              </Text>
              <Text component="span" size="sm" className={classes.mark}>
                {r.present === null ? 'Tap when here' : r.present ? 'Present' : 'Absent'}
                {r.present === true ? <IconCheck size={18} aria-hidden /> : r.present === false ? <IconX size={18} aria-hidden /> : null}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      {unmarked.length > 0 && (
        <Button variant="default" onClick={() => mark(unmarked, false)}>
          Mark the rest absent ({unmarked.length})
        </Button>
      )}
      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="xs">
          Visitors ({detail.visitors.length})
        </Title>
        <Stack gap={4} mb="sm">
          {detail.visitors.map((v) => (
            <Text key={v.id} size="sm">
              {v.name}
              {v.phone ? ` · ${v.phone}` : ''}
              {v.returning ? ' · came before' : ''}
            </Text>
          ))}
        </Stack>
        <form onSubmit={addVisitor}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Visitor's name"
              value={visitor.name}
              onChange={(e) => setVisitor({ ...visitor, name: e.currentTarget.value })}
              maxLength={80}
            />
            <TextInput
              label="Phone"
              type="tel"
              value={visitor.phone}
              onChange={(e) => setVisitor({ ...visitor, phone: e.currentTarget.value })}
              maxLength={30}
            />
            <Button type="submit" variant="light">
              Add visitor
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder radius="lg" component="form" onSubmit={saveDetails}>
        <Stack>
          <NumberInput
            label="Headcount"
            description="Everyone in the room, children and visitors too"
            min={0}
            max={1000}
            value={form.headcount}
            onChange={(v) => setDetails({ ...form, headcount: v })}
            maw={220}
          />
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxLength={2000}
            value={form.note}
            onChange={(e) => setDetails({ ...form, note: e.currentTarget.value })}
          />
          <Group justify="space-between">
            <Button type="submit" variant="light" disabled={!details}>
              Save details
            </Button>
            {m.status !== 'cancelled' && (
              <Button variant="subtle" color="red" onClick={cancelMeeting}>
                Cancel meeting
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
