import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CARE_TEXTS } from '@church/contract/care';
import { paths } from '../../../config/paths';
import { followUpQuery } from '../api/care';
import { formatPhone } from '@church/contract/rules/phone';

const fmt = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

/** Spec 001 §9: members inactive or joined within 30 days (the overview shows 5). */
export function FollowUpList({ limit, onVisit }: { limit: number; onVisit?: (m: { id: string; name: string }) => void }) {
  const q = useQuery(followUpQuery(limit));
  if (q.isPending) return <Skeleton height={120} />;
  if (q.isError)
    return (
      <Alert color="red" title={CARE_TEXTS.loadFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (q.data.members.length === 0) return <Text c="dimmed">No one needs a follow-up right now.</Text>;
  return (
    <Stack gap="xs">
      {q.data.members.map((m) => (
        <Card key={m.id} withBorder radius="sm" padding="sm" data-testid="follow-up-row">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={0}>
              <Text fw={600} size="sm" component={Link} to={paths.member(m.id)} c="inherit">
                {m.name}
              </Text>
              <Text size="xs" c="dimmed">
                {m.phone ? formatPhone(m.phone) : m.email} · joined {fmt(m.joinDate)}
                {m.lastVisitOn ? ` · last visit ${fmt(m.lastVisitOn)}` : ' · not visited yet'}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={m.reason === 'inactive' ? 'orange' : 'teal'} variant="light">
                {m.reason === 'inactive' ? 'Inactive' : 'New member'}
              </Badge>
              {onVisit && (
                <Button size="xs" variant="light" onClick={() => onVisit({ id: m.id, name: m.name })}>
                  Record visit
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      ))}
      {q.data.total > q.data.members.length && (
        <Text size="xs" c="dimmed">
          Showing {q.data.members.length} of {q.data.total}
        </Text>
      )}
    </Stack>
  );
}
