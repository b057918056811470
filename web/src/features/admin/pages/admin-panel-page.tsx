import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconActivity, IconCode, IconKey, IconListDetails, IconMail, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { can, type Permission } from '@church/contract/roles';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { systemQuery } from '../api/admin';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { ApiPlansPanel } from '../components/api-plans-panel';
import { AuditLogPanel } from '../components/audit-log-panel';
import { MailLogPanel } from '../components/mail-log-panel';
import { SecuritySettingsPanel } from '../components/security-settings-panel';
import { SystemHealthPanel } from '../components/system-health-panel';
import { UsersRolesPanel } from '../components/users-roles-panel';

const TABS = [
  { value: 'users', label: 'Users & roles', icon: IconUsers, permission: 'people:roles' },
  { value: 'audit', label: 'Audit log', icon: IconListDetails, permission: 'audit:read' },
  { value: 'mail', label: 'Mail log', icon: IconMail, permission: 'outbox:read' },
  { value: 'health', label: 'System health', icon: IconActivity, permission: 'admin:panel' },
  { value: 'api-plans', label: 'API plans', icon: IconKey, permission: 'api-plans:approve' },
  { value: 'api-keys', label: 'API keys', icon: IconCode, permission: 'developers:manage' },
  { value: 'security', label: 'Security', icon: IconShieldLock, permission: 'admin:panel' },
] as const satisfies readonly { value: string; label: string; permission: Permission; icon: unknown }[];
type Tab = (typeof TABS)[number]['value'];

/**
 * /admin and /admin/members (spec 002 §2.1; content not given by the spec): the
 * administrator's panel. Each tab shows only to those the server would answer,
 * so a pastor (who reaches the route) sees users and roles and nothing it would refuse.
 */
export function AdminPanelPage() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const visible = TABS.filter((t) => can(user, t.permission));
  // /admin/members ("Manage Members" on the mobile dashboard) opens on users and roles.
  const wanted = (params.get('tab') ?? (pathname === paths.adminMembers ? 'users' : null)) as Tab | null;
  const tab: Tab | undefined = visible.find((t) => t.value === wanted)?.value ?? visible[0]?.value;
  const system = useQuery({ ...systemQuery(), enabled: can(user, 'admin:panel') });

  if (!user || !tab)
    return (
      <Stack gap="lg">
        <Title order={1}>Admin Panel</Title>
        <Alert color="yellow">Nothing here is open to your role.</Alert>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Title order={1}>Admin Panel</Title>
      <Text c="dimmed" size="sm">
        Users and their roles, the audit log of leaders&apos; changes, the mail the platform sent, the state of the system, and
        developers&apos; API plans waiting for approval, every API key and its developer, and the church&apos;s security settings.
      </Text>
      <Tabs value={tab} onChange={(v) => v && setParams(v === visible[0]?.value ? {} : { tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {visible.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} leftSection={<t.icon size={16} aria-hidden />}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <UsersRolesPanel me={user} />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditLogPanel />
        </Tabs.Panel>
        <Tabs.Panel value="mail" pt="md">
          <MailLogPanel smtpConfigured={system.data?.smtpConfigured} />
        </Tabs.Panel>
        <Tabs.Panel value="health" pt="md">
          <SystemHealthPanel q={system} />
        </Tabs.Panel>
        <Tabs.Panel value="api-plans" pt="md">
          <ApiPlansPanel />
        </Tabs.Panel>
        <Tabs.Panel value="api-keys" pt="md">
          <ApiKeysPanel />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="md">
          <SecuritySettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
