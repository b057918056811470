import { Alert, Anchor, Badge, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { openConfirmModal } from '../../../lib/modals';
import { PagePicker } from '../../../components/page-picker';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { GRANTABLE_PERMISSION_TEXTS } from '@church/contract/member-permissions';
import { MEMBER_TEXTS } from '@church/contract/members-manage';
import { GRANTABLE_PERMISSIONS, MEMBER_PAGE_ROLES, can, canGrantRole, type Principal } from '@church/contract/roles';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useChangeRole, useResetTwoFactor, usersQuery } from '../api/admin';

const LIMIT = 20;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * Users and roles: every account with a role selector that offers only the roles this person may grant.
 * A name opens the person's page, where finance access (treasurer) is granted beside the role.
 */
export function UsersRolesPanel({ me }: { me: Principal & { id: string } }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(usersQuery({ q: q || undefined, role: role || undefined, page, limit: LIMIT }));
  const change = useChangeRole();
  const resetTwoFactor = useResetTwoFactor();
  // Resetting a factor is the administrators' alone (admin:panel); a pastor managing members sees no such button.
  const mayResetTwoFactor = can(me, 'admin:panel');
  // A lost phone (issue 29): the person's authenticator app is forgotten, every session of theirs ends, they are e-mailed; audited.
  const onResetTwoFactor = (id: string, name: string) =>
    openConfirmModal({
      title: `Reset two-factor sign-in of ${name}?`,
      children: (
        <Text size="sm">
          Their authenticator app and recovery codes stop working, they are signed out everywhere and told by e-mail. They then sign in with
          their password alone and can set it up again. This is recorded in the audit log.
        </Text>
      ),
      labels: { confirm: 'Reset two-factor', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        resetTwoFactor.mutate(id, {
          onSuccess: (res) => notify.success(res.message),
          onError: (err) => notify.error(err instanceof ApiError ? err.message : 'Could not reset two-factor sign-in'),
        }),
    });

  const onRole = async (id: string, name: string, next: string | null) => {
    if (!next) return;
    try {
      await change.mutateAsync({ id, role: next });
      notify.success(`${MEMBER_TEXTS.roleUpdated}: ${name} is now ${next}`);
    } catch (err) {
      // A 403 is already said by the API client's toast.
      if (!(err instanceof ApiError && err.status === 403)) notify.error(err instanceof ApiError ? err.message : MEMBER_TEXTS.roleFailed);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search users"
          placeholder="Name, email or phone"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          type="search"
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label="Role"
          data={[{ value: '', label: 'All roles' }, ...MEMBER_PAGE_ROLES.map((r) => ({ value: r, label: cap(r) }))]}
          value={role}
          onChange={(v) => {
            setRole(v ?? '');
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {list.isPending ? (
        <Skeleton height={240} />
      ) : list.isError ? (
        <Alert color="red">{MEMBER_TEXTS.listFailed}</Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data.total === 1 ? '1 user' : `${list.data.total} users`}
          </Text>
          <Table.ScrollContainer
            minWidth={340}
            // A phone scrolls the wide table: the scrolling region takes keyboard focus (axe scrollable-region-focusable).
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Users' } }}
          >
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>Role</Table.Th>
                  {mayResetTwoFactor && <Table.Th>Sign-in</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.members.map((u) => {
                  // Someone who could not grant this person's current role cannot change it either (the server says the same).
                  const locked = !canGrantRole(me, u.role);
                  const options = MEMBER_PAGE_ROLES.filter((r) => r === u.role || canGrantRole(me, r));
                  return (
                    <Table.Tr key={u.id} data-testid="admin-user-row">
                      <Table.Td>
                        {/* Finance access is granted on the person's page. */}
                        <Group gap={6} wrap="wrap">
                          <Anchor component={Link} to={paths.member(u.id)} size="sm" fw={600}>
                            {u.name}
                          </Anchor>
                          {GRANTABLE_PERMISSIONS.filter((p) => u.permissions.includes(p)).map((p) => (
                            <Badge key={p} size="xs" variant="light" color="teal">
                              {GRANTABLE_PERMISSION_TEXTS[p].label}
                            </Badge>
                          ))}
                        </Group>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {u.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Role of ${u.name}`}
                          data={options.map((r) => ({ value: r, label: cap(r) }))}
                          value={u.role}
                          onChange={(v) => v !== u.role && onRole(u.id, u.name, v)}
                          disabled={locked || change.isPending}
                          allowDeselect={false}
                          w={130}
                          size="xs"
                        />
                      </Table.Td>
                      {mayResetTwoFactor && (
                        <Table.Td>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            aria-label={`Reset two-factor sign-in of ${u.name}`}
                            onClick={() => onResetTwoFactor(u.id, u.name)}
                          >
                            Reset two-factor
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.total > LIMIT && (
            <Group justify="center">
              <PagePicker total={Math.ceil(list.data.total / LIMIT)} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
