import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MEETING_TEXTS } from '@church/contract/groups-meetings';
import type { GroupDetail } from '@church/contract/groups';
import { paths } from '../../../config/paths';
import { meetingsListQuery } from '../api/groups';
import { meetingWhen, useTimeZone } from './meeting-time';

/** The group's coming and past meetings; its leaders open each one's register from here. */
export function MeetingsCard({ group }: { group: GroupDetail }) {
  const [range, setRange] = useState<'upcoming' | 'past'>('upcoming');
  const query = useQuery(meetingsListQuery(group.id, range));
  const tz = useTimeZone();
  return (
    <Card withBorder radius="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Meetings
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Which meetings"
          value={range}
          onChange={(v) => setRange(v as 'upcoming' | 'past')}
          data={[
            { value: 'upcoming', label: 'Coming' },
            { value: 'past', label: 'Past' },
          ]}
        />
      </Group>
      {query.isError ? (
        <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
          Retry
        </Button>
      ) : !query.data ? (
        <Text c="dimmed">Loading…</Text>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{MEETING_TEXTS.noMeetings}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {query.data.map((m) => (
            <Group key={m.id} component="li" justify="space-between" wrap="nowrap">
              <div>
                <Text fw={500}>{meetingWhen(m.startsAt, tz)}</Text>
                <Group gap={6}>
                  {m.status === 'cancelled' && (
                    <Badge size="sm" color="gray">
                      Cancelled
                    </Badge>
                  )}
                  {m.status === 'held' && (
                    <Text size="sm" c="dimmed">
                      {m.presentCount} of {m.expectedCount} present{m.visitorCount ? `, ${m.visitorCount} visitors` : ''}
                    </Text>
                  )}
                </Group>
              </div>
              {group.canEdit && m.status !== 'cancelled' && (
                <Button
                  component={Link}
                  to={paths.groupMeeting(group.id, m.id)}
                  size="xs"
                  variant={m.status === 'held' ? 'default' : 'filled'}
                  aria-label={`${m.status === 'held' ? 'Edit attendance' : 'Take attendance'} for ${meetingWhen(m.startsAt, tz)}`}
                >
                  {m.status === 'held' ? 'Edit' : 'Take attendance'}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
