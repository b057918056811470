import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { GROUP_ROLE_LABELS, GROUP_TEXTS, type GroupDetail, type GroupRole } from '@church/contract/groups';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRemoveMember, useSetMemberRole } from '../api/groups';

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : fallback;

/** Who is in the group; its leaders also see phone and e-mail and change roles. */
export function MembersList({ group }: { group: GroupDetail }) {
  const setRole = useSetMemberRole(group.id);
  const remove = useRemoveMember(group.id);
  if (!group.members) return null;
  const change = async (userId: string, role: GroupRole) => {
    try {
      await setRole.mutateAsync({ userId, role });
      notify.success(GROUP_TEXTS.roleChanged);
    } catch (err) {
      notify.error(failure(err, 'Failed to change the role'));
    }
  };
  const drop = async (userId: string) => {
    try {
      await remove.mutateAsync(userId);
      notify.success(GROUP_TEXTS.memberRemoved);
    } catch (err) {
      notify.error(failure(err, 'Failed to remove'));
    }
  };
  return (
    <Card withBorder radius="lg">
      <Title order={2} size="h4" mb="sm">
        Members ({group.members.length})
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {group.members.map((m) => (
          <Group key={m.id} component="li" justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={500}>{m.name}</Text>
                {m.role !== 'member' && (
                  <Badge size="sm" variant="light">
                    {GROUP_ROLE_LABELS[m.role]}
                  </Badge>
                )}
              </Group>
              {(m.phone || m.email) && (
                <Text size="sm" c="dimmed" truncate>
                  {[m.phone, m.email].filter(Boolean).join(' · ')}
                </Text>
              )}
            </div>
            {group.canEdit && (
              <Menu position="bottom-end">
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={`Actions for ${m.name}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {(['leader', 'co_leader', 'member'] as const)
                    .filter((r) => r !== m.role)
                    .map((r) => (
                      <Menu.Item key={r} onClick={() => change(m.id, r)}>
                        Make {GROUP_ROLE_LABELS[r].toLowerCase()}
                      </Menu.Item>
                    ))}
                  <Menu.Item color="red" onClick={() => drop(m.id)}>
                    Remove from group
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
