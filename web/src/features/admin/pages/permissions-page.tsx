import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { PERMISSIONS, ROLES, can, type Permission } from '@church/contract/roles';

/** What each permission lets a person do (the table itself lives in contract/src/roles.ts). */
const DESCRIPTIONS: Partial<Record<Permission, string>> = {
  'messages:send': 'Send bulk messages',
  'analytics:read': 'Read analytics',
  'reports:export': 'Export reports',
  'pastor:dashboard': 'Open the pastor dashboard',
  'church:manage': 'Open the management pages',
  'church:insights': 'Church-wide figures on the member dashboard',
  'members:read': 'Read the member directory',
  'members:manage': 'Add, edit, delete and import members; households and status',
  'prayers:moderate': 'Approve and reject prayer requests',
  'events:attendees': 'See who registered for an event',
  'visitors:read': 'Follow up visitors',
  'contact:read': 'Read and answer website messages',
  'settings:write': 'Change the church settings',
  'chat:initialize': 'Create the default chat rooms',
  'chat:announce': 'Post in announcement rooms',
  'outbox:read': 'Read the mail log',
  'bible:import': 'Import a Bible translation',
  'admin:panel': 'Open the admin panel',
  'audit:read': 'Read the audit log',
  'events:manage': 'Create, edit and delete events; check people in',
  'care:notes': 'Pastoral care: visits and confidential care notes',
  'people:roles': 'Volunteers and Leadership pages; change roles',
  'api:access': 'Developer portal and API keys',
  'ops:read': 'Server metrics and readiness detail',
  'ops:backup': 'Take a backup of the whole church',
  'finance:read': 'Read giving and donation figures',
  'finance:manage': 'Record gifts, batches, refunds and tax certificates',
  'permissions:grant': 'Give a person finance access without changing their role',
};

/** /permissions: the role table from contract/src/roles.ts as a read-only matrix (the server enforces the same table). */
export function PermissionsPage() {
  const perms = Object.keys(PERMISSIONS) as Permission[];
  return (
    <Stack gap="lg">
      <Title order={1}>Permissions</Title>
      <Text c="dimmed" maw={760}>
        Who may do what, by role. This table is the one the server checks on every request; it is read-only here. A superadmin may do
        everything. Roles are changed on a member&apos;s page: only an administrator grants the administrator role, and only a superadmin
        grants superadmin. Finance access (see giving, or treasurer) can also be given to one person without changing their role, on that
        person&apos;s page; those grants are not shown in this table.
      </Text>
      <Card withBorder radius="md" padding="md">
        {/* Wider than a phone: the scrolling region takes keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable). */}
        <Table.ScrollContainer
          minWidth={980}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Permissions by role, scrollable' } }}
        >
          <Table striped verticalSpacing="xs" aria-label="Permissions by role">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Permission</Table.Th>
                {ROLES.map((r) => (
                  <Table.Th key={r} scope="col" ta="center" tt="capitalize">
                    {r}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {perms.map((p) => (
                <Table.Tr key={p}>
                  <Table.Th scope="row" fw={400}>
                    <Text size="sm" fw={600}>
                      {DESCRIPTIONS[p] ?? p}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p}
                    </Text>
                  </Table.Th>
                  {ROLES.map((r) => {
                    const yes = can({ role: r }, p);
                    return (
                      <Table.Td key={r} ta="center">
                        {yes ? (
                          <IconCheck size={18} color="#1f6b30" aria-label="Allowed" role="img" />
                        ) : (
                          <IconMinus size={18} color="#868e96" aria-label="Not allowed" role="img" />
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
