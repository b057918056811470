import { EVENT_CANCELLED_LABEL } from '@church/contract/events-constants';
import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PastorDashboard } from '@church/contract/pastor-dashboard';
import { formatRand } from '@church/contract/rules/money';
import { paths } from '../../../config/paths';
import { formatDay, useChurchTimeZone } from '../../../lib/church-time';

function ListCard({ title, empty, children, count }: { title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={700} mb="sm">
        {title}
      </Text>
      {count === 0 ? (
        <Text c="gray.7" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap={6}>{children}</Stack>
      )}
    </Card>
  );
}

const Row = ({ left, right }: { left: React.ReactNode; right: React.ReactNode }) => (
  <Group justify="space-between" wrap="nowrap" gap="xs">
    <Text size="sm" truncate>
      {left}
    </Text>
    <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
      {right}
    </Text>
  </Group>
);

export function RecentActivity({ data }: { data: PastorDashboard }) {
  const zone = useChurchTimeZone();
  // Spec 001 §2: the 3 newest members and the 2 newest prayers. Days in the church's zone, not UTC's.
  const items = [
    ...data.recentMembers
      .slice(0, 3)
      .map((m) => ({ key: m.id, text: `${m.name} joined`, when: m.joinDate ? formatDay(`${m.joinDate}T12:00:00Z`, 'UTC') : '' })),
    ...data.recentPrayers.slice(0, 2).map((p) => ({ key: p.id, text: `Prayer request: ${p.title}`, when: formatDay(p.createdAt, zone) })),
  ];
  return (
    <ListCard title="Recent Activity" empty="Nothing new yet." count={items.length}>
      {items.map((i) => (
        <Row key={i.key} left={i.text} right={i.when} />
      ))}
    </ListCard>
  );
}

export function RecentMembers({ members }: { members: PastorDashboard['recentMembers'] }) {
  return (
    <ListCard title="Recent Members" empty="No members yet." count={members.length}>
      {members.map((m) => (
        <Row key={m.id} left={<Link to={paths.member(m.id)}>{m.name}</Link>} right={m.role} />
      ))}
    </ListCard>
  );
}

export function UpcomingEvents({ events }: { events: PastorDashboard['upcomingEvents'] }) {
  // An all-day event on 31 December starts at 00:00 in the church's zone: 30 December in UTC.
  const zone = useChurchTimeZone();
  return (
    <ListCard title="Upcoming Events" empty="No upcoming events." count={events.length}>
      {events.map((e) => (
        <Row
          key={e.id}
          left={e.cancelled ? `${e.title} (${EVENT_CANCELLED_LABEL})` : e.title}
          right={`${formatDay(e.startsAt, zone)} ${e.time ?? 'All Day'}`}
        />
      ))}
    </ListCard>
  );
}

/** The giving lists: each only when the server sent it (finance:read for funds, named giving for givers). */
export function TopLists({ data }: { data: PastorDashboard }) {
  return (
    <>
      {data.topFunds && (
        <ListCard title="Top Funds" empty="No gifts yet." count={data.topFunds.length}>
          {data.topFunds.map((f) => (
            <Row key={f.fund} left={f.fund} right={formatRand(f.total)} />
          ))}
        </ListCard>
      )}
      {data.topGivers && (
        <ListCard title="Top Givers This Year" empty="No gifts this year yet." count={data.topGivers.length}>
          {data.topGivers.map((g, i) => (
            <Row key={`${g.name}-${i}`} left={g.name} right={formatRand(g.total)} />
          ))}
        </ListCard>
      )}
    </>
  );
}
