import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CARE_KIND_LABELS, CARE_TEXTS, type CareVisit } from '@church/contract/care';
import { notify } from '../../../lib/notify';
import { useFollowUpDone, visitsQuery } from '../api/care';

const fmt = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

function VisitRow({ v, showDone }: { v: CareVisit; showDone: boolean }) {
  const done = useFollowUpDone();
  const mark = async () => {
    try {
      await done.mutateAsync({ id: v.id, done: true });
      notify.success(CARE_TEXTS.followUpDone);
    } catch {
      notify.error(CARE_TEXTS.followUpFailed);
    }
  };
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="visit-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {v.member.name} · {CARE_KIND_LABELS[v.kind]} · {fmt(v.visitedOn)}
          </Text>
          {v.notes && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {v.notes}
            </Text>
          )}
          <Group gap={6}>
            {v.followUpOn && (
              <Badge variant="light" color={v.followUpDoneAt ? 'green' : 'orange'}>
                {v.followUpDoneAt ? 'Follow-up done' : `Follow up by ${fmt(v.followUpOn)}`}
              </Badge>
            )}
            {v.assignee && (
              <Text size="xs" c="dimmed">
                Assigned to {v.assignee.name}
              </Text>
            )}
          </Group>
        </Stack>
        {showDone && !v.followUpDoneAt && (
          <Button size="xs" variant="light" color="green" loading={done.isPending} onClick={mark} style={{ flexShrink: 0 }}>
            Mark done
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Follow-ups due (today or earlier, not done) or every recorded visit, newest first. */
export function VisitsList({ which }: { which: 'due' | 'all' }) {
  const q = useQuery(visitsQuery(which));
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {which === 'due' ? 'Follow-ups due' : 'Recent visits and calls'}
      </Title>
      {q.isPending ? (
        <Skeleton height={80} />
      ) : q.isError ? (
        <Alert color="red" title={CARE_TEXTS.loadFailed}>
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : q.data.visits.length === 0 ? (
        <Text c="dimmed" size="sm">
          {which === 'due' ? 'No follow-ups are due.' : 'No visits recorded yet.'}
        </Text>
      ) : (
        q.data.visits.map((v) => <VisitRow key={v.id} v={v} showDone={!!v.followUpOn} />)
      )}
    </Stack>
  );
}
