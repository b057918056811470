import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SERVICE_TEXTS } from '@church/contract/services';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { serviceQuery, useDeleteService, useUpdateService } from '../api';
import { AttachmentsCard } from '../components/attachments-card';
import { PlanEditor } from '../components/plan-editor';
import { RosterCard } from '../components/roster-card';
import { formatDay } from '../format';

/** One service: its order of service, notes, attachments and roster. */
export function ServiceDetailPage() {
  const { id = '' } = useParams();
  const q = useQuery(serviceQuery(id));
  const update = useUpdateService();
  const del = useDeleteService();
  const navigate = useNavigate();
  const [notes, setNotes] = useState('');
  useEffect(() => setNotes(q.data?.notes ?? ''), [q.data?.notes]);
  if (q.isLoading) return <Skeleton h={300} />;
  if (q.isError || !q.data)
    return (
      <Alert color="red" title={SERVICE_TEXTS.loadFailed}>
        <Button size="xs" variant="light" onClick={() => q.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const s = q.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.services} size="sm">
        ← Services
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {s.title}
          </Title>
          <Text c="dimmed">
            {formatDay(s.date)} at {s.time} · {s.durationMinutes} minutes
          </Text>
        </div>
        <Button
          variant="subtle"
          color="red"
          onClick={async () => {
            if (!window.confirm('Delete this service with its plan and roster?')) return;
            await del.mutateAsync(s.id);
            notify.success(SERVICE_TEXTS.deleted);
            navigate(paths.services);
          }}
        >
          Delete service
        </Button>
      </Group>
      <PlanEditor service={s} />
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="xs">
          Notes
        </Title>
        <Textarea
          aria-label="Service notes"
          autosize
          minRows={3}
          maxLength={4000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="xs">
          <Button
            variant="light"
            loading={update.isPending}
            onClick={async () => {
              await update.mutateAsync({ id: s.id, body: { notes: notes.trim() || null } });
              notify.success(SERVICE_TEXTS.updated);
            }}
          >
            Save notes
          </Button>
        </Group>
      </Card>
      <RosterCard service={s} />
      <AttachmentsCard service={s} />
    </Stack>
  );
}
