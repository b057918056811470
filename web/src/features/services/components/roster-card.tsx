import { ActionIcon, Badge, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_TEXTS, type ServiceDetail } from '@church/contract/services';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { teamsQuery, useRemoveAssignment, useSchedule } from '../api';
import { STATUS_COLORS, STATUS_LABELS } from '../format';

/** Per team and position: who is asked, who accepted, who declined (kept), and a picker of qualified members. */
export function RosterCard({ service }: { service: ServiceDetail }) {
  const teams = useQuery(teamsQuery());
  const schedule = useSchedule();
  const remove = useRemoveAssignment();
  const ask = async (positionId: string, userId: string | null) => {
    if (!userId) return;
    try {
      const r = await schedule.mutateAsync({ serviceId: service.id, positionId, userId });
      notify.success(r.message);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not ask them');
    }
  };
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Roster
      </Title>
      {teams.data?.length === 0 && <Text c="dimmed">No teams yet: add teams and positions under Teams.</Text>}
      <Stack gap="md">
        {teams.data?.map((team) => (
          <div key={team.id}>
            <Text fw={700}>{team.name}</Text>
            {team.positions.map((p) => {
              const here = service.assignments.filter((a) => a.positionId === p.id && a.status !== 'swapped' && a.status !== 'removed');
              const holding = here.filter((a) => a.status === 'pending' || a.status === 'accepted');
              return (
                <Group key={p.id} align="center" gap="xs" wrap="wrap" py={4}>
                  <Text w={140} size="sm">
                    {p.name}
                    {p.needed > 1 && ` (${p.needed})`}
                  </Text>
                  {here.map((a) => (
                    <Badge
                      key={a.id}
                      color={STATUS_COLORS[a.status]}
                      variant="light"
                      title={a.reason ? `${STATUS_LABELS[a.status]}: ${a.reason}` : STATUS_LABELS[a.status]}
                      rightSection={
                        a.status === 'pending' || a.status === 'accepted' ? (
                          <ActionIcon
                            size="xs"
                            variant="transparent"
                            aria-label={`Remove ${a.person.name}`}
                            onClick={() => remove.mutate(a.id)}
                          >
                            <IconX size={12} />
                          </ActionIcon>
                        ) : undefined
                      }
                    >
                      {a.person.name} · {STATUS_LABELS[a.status]}
                    </Badge>
                  ))}
                  {holding.length < p.needed && (
                    <>
                      <Badge color="red" variant="outline">
                        {SERVICE_TEXTS.gap}
                      </Badge>
                      <Select
                        aria-label={`Ask someone for ${p.name} (${team.name})`}
                        placeholder="Ask someone"
                        size="xs"
                        w={180}
                        searchable
                        value={null}
                        data={p.members
                          .filter((m) => !holding.some((a) => a.person.id === m.id))
                          .map((m) => ({ value: m.id, label: m.name }))}
                        onChange={(v) => ask(p.id, v)}
                      />
                    </>
                  )}
                </Group>
              );
            })}
          </div>
        ))}
      </Stack>
    </Card>
  );
}
