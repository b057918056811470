import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Team } from '@church/contract/services';
import { teamsQuery, useDeleteTeam } from '../api';
import { ServicesTabs } from '../components/services-tabs';
import { TeamModal } from '../components/team-modal';

/** Teams (worship, sound, kids, ushers …) with their positions and qualified members. */
export function TeamsPage() {
  const q = useQuery(teamsQuery());
  const del = useDeleteTeam();
  const [editing, setEditing] = useState<Team | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="md">
      <ServicesTabs
        title="Teams"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => (setEditing(null), setOpen(true))}>
            New team
          </Button>
        }
      />
      {q.isLoading && <Skeleton h={160} />}
      {q.isError && (
        <Alert color="red" title="Failed to load teams">
          <Button size="xs" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {q.data?.length === 0 && <Text c="dimmed">No teams yet.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {q.data?.map((t) => (
          <Card key={t.id} withBorder radius="md">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t.name}
              </Title>
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => (setEditing(t), setOpen(true))}>
                  Edit
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => window.confirm(`Delete ${t.name}?`) && del.mutate(t.id)}>
                  Delete
                </Button>
              </Group>
            </Group>
            <Text size="xs" c="dimmed" mb="xs">
              At most {t.maxWeeksRunning} weeks running
            </Text>
            {t.positions.map((p) => (
              <Text key={p.id} size="sm">
                <b>{p.name}</b>
                {p.needed > 1 && ` (${p.needed})`}: {p.members.map((m) => m.name).join(', ') || 'nobody yet'}
              </Text>
            ))}
          </Card>
        ))}
      </SimpleGrid>
      <TeamModal team={editing} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
