import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { joinRequestsQuery, useDecideRequest } from '../api/groups';

/** People waiting to join, for the group's leaders to accept or decline. */
export function JoinRequests({ groupId }: { groupId: string }) {
  const requests = useQuery(joinRequestsQuery(groupId));
  const decide = useDecideRequest(groupId);
  if (!requests.data?.length) return null;
  const answer = async (userId: string, accept: boolean) => {
    try {
      const res = await decide.mutateAsync({ userId, accept });
      notify.success(res.message);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : 'Failed to answer the request');
    }
  };
  return (
    <Card withBorder radius="lg">
      <Title order={2} size="h4" mb="sm">
        Asking to join ({requests.data.length})
      </Title>
      <Stack gap="sm">
        {requests.data.map((r) => (
          <Group key={r.id} justify="space-between" wrap="wrap">
            <div>
              <Text fw={500}>{r.name}</Text>
              <Text size="sm" c="dimmed">
                {[r.phone, r.email].filter(Boolean).join(' · ')}
              </Text>
              {r.message && <Text size="sm">“{r.message}”</Text>}
            </div>
            <Group gap="xs">
              <Button size="xs" onClick={() => answer(r.id, true)} aria-label={`Accept ${r.name}`}>
                Accept
              </Button>
              <Button size="xs" variant="default" onClick={() => answer(r.id, false)} aria-label={`Decline ${r.name}`}>
                Decline
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
