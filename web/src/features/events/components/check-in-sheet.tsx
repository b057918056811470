import { Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EVENT_TEXTS } from '@church/contract/events-manage';
import { notify } from '../../../lib/notify';
import { attendanceQuery, memberSearchQuery, useCheckIn } from '../api/manage';

/** Check-in: everyone registered, plus walk-ins found by name; each row checks in or undoes. */
export function CheckInSheet({ eventId }: { eventId: string }) {
  const sheet = useQuery(attendanceQuery(eventId));
  const checkIn = useCheckIn(eventId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(memberSearchQuery(debounced));
  const [busy, setBusy] = useState<string | null>(null);
  const [find, setFind] = useState('');
  const needle = find.trim().toLowerCase();
  // The server's order, kept as people check in: a row that moved would put the next name under the steward's finger.
  const shown = (sheet.data?.attendees ?? []).filter(
    (a) => !needle || a.name.toLowerCase().includes(needle) || (a.email ?? '').toLowerCase().includes(needle),
  );

  const toggle = async (userId: string, undo: boolean) => {
    setBusy(userId);
    try {
      await checkIn.mutateAsync({ userId, undo });
      notify.success(undo ? 'Check-in removed' : EVENT_TEXTS.checkedIn);
    } catch {
      notify.error(EVENT_TEXTS.checkInFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3">
          Check-in
        </Title>
        {sheet.data && (
          <Group gap="xs">
            <Badge variant="light" size="lg">
              {sheet.data.maxAttendees
                ? `${sheet.data.registeredCount} / ${sheet.data.maxAttendees} registered`
                : `${sheet.data.registeredCount} registered`}
            </Badge>
            <Badge variant="light" color="green" size="lg" data-testid="checked-in-count">
              {sheet.data.checkedInCount} checked in
            </Badge>
          </Group>
        )}
      </Group>
      <Select
        label="Check in someone who did not register"
        placeholder="Type a name, e-mail or phone"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={(found.data ?? []).map((m) => ({ value: m.id, label: m.email ? `${m.name} (${m.email})` : m.name }))}
        nothingFoundMessage={debounced.trim().length >= 2 ? 'No member found' : 'Type at least 2 letters'}
        value={null}
        onChange={(v) => {
          // Empty the box at the choice, not when the check-in has saved: a steward typing the next name
          // meanwhile would have it wiped (an e2e run typed the second walk-in's name in that gap).
          if (!v) return;
          setSearch('');
          void toggle(v, false);
        }}
        mb="md"
        filter={({ options }) => options}
      />
      {sheet.isPending ? (
        <Skeleton height={120} />
      ) : sheet.isError ? (
        <Alert color="red" title="Failed to get event registrations">
          <Button size="xs" variant="light" color="red" onClick={() => sheet.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : sheet.data.attendees.length === 0 ? (
        <Text c="dimmed">Nobody has registered yet.</Text>
      ) : (
        <>
          {sheet.data.attendees.length > 8 && (
            <TextInput
              label="Find on the list"
              placeholder="Name or e-mail"
              value={find}
              onChange={(e) => setFind(e.currentTarget.value)}
              mb="xs"
              size="md"
            />
          )}
          {/* Phone-first (issue 31): one large row per person, the name wraps and the one button stays in reach at 390 px. */}
          <Stack gap={0} role="list" aria-label="People at this event">
            {shown.map((a) => (
              <Group
                key={a.userId}
                role="listitem"
                data-testid="attendee-row"
                wrap="nowrap"
                justify="space-between"
                gap="sm"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {a.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {a.checkedIn && (
                      <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                        Checked in
                      </Badge>
                    )}
                    <Text size="xs" c="gray.7" truncate>
                      {a.registered ? 'Registered' : 'Walk-in'}
                      {a.email ? ` · ${a.email}` : ''}
                    </Text>
                  </Group>
                </div>
                <Button
                  size="md"
                  miw={112}
                  variant={a.checkedIn ? 'subtle' : 'filled'}
                  color={a.checkedIn ? 'gray' : 'green'}
                  loading={busy === a.userId}
                  onClick={() => toggle(a.userId, a.checkedIn)}
                  aria-label={a.checkedIn ? `Undo check-in for ${a.name}` : `Check in ${a.name}`}
                >
                  {a.checkedIn ? 'Undo' : 'Check in'}
                </Button>
              </Group>
            ))}
            {shown.length === 0 && (
              <Text c="dimmed" py="sm">
                Nobody on the list matches &ldquo;{find}&rdquo;.
              </Text>
            )}
          </Stack>
        </>
      )}
    </Card>
  );
}
