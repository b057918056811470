import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CARE_ALERT_TEXTS } from '@church/contract/groups';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { careAlertsQuery, useCareDone } from '../api/groups';
import { useTimeZone } from './meeting-time';

/** Members who stopped coming (the nightly check): for the group's leaders and overseers to follow up. */
export function CareAlerts({ groupId }: { groupId: string }) {
  const query = useQuery(careAlertsQuery(groupId));
  const done = useCareDone();
  const tz = useTimeZone();
  if (!query.data?.length) return null;
  const markDone = async (id: string) => {
    try {
      await done.mutateAsync(id);
      notify.success(CARE_ALERT_TEXTS.done);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : 'Failed to update the follow-up');
    }
  };
  return (
    <Card withBorder radius="lg">
      <Title order={2} size="h4" mb="sm">
        Needs a follow-up ({query.data.length})
      </Title>
      <Stack gap="sm">
        {query.data.map((a) => (
          <Group key={a.id} justify="space-between" wrap="wrap">
            <div>
              <Text fw={500}>{a.person.name}</Text>
              <Text size="sm" c="dimmed">
                Missed the last {a.missed} meetings
                {a.lastAttendedAt
                  ? ` · last came ${new Date(a.lastAttendedAt).toLocaleDateString('en-ZA', { timeZone: tz, day: 'numeric', month: 'short' })}`
                  : ''}
              </Text>
            </div>
            <Button size="xs" variant="light" onClick={() => markDone(a.id)} aria-label={`Followed up with ${a.person.name}`}>
              Followed up
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
