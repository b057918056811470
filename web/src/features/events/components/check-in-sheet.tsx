import { Alert, Badge, Button, Card, Group, Select, Skeleton, Table, Text, Title } from '@mantine/core';
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
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Registered</Table.Th>
                <Table.Th>Attended</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.data.attendees.map((a) => (
                <Table.Tr key={a.userId} data-testid="attendee-row">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {a.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{a.registered ? 'Yes' : 'Walk-in'}</Table.Td>
                  <Table.Td>
                    {a.checkedIn ? (
                      <Badge color="green">Checked in</Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not yet
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant={a.checkedIn ? 'subtle' : 'filled'}
                      color={a.checkedIn ? 'gray' : 'green'}
                      loading={busy === a.userId}
                      onClick={() => toggle(a.userId, a.checkedIn)}
                      aria-label={a.checkedIn ? `Undo check-in for ${a.name}` : `Check in ${a.name}`}
                    >
                      {a.checkedIn ? 'Undo' : 'Check in'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
