import { AppShell, Button, Group, NavLink as MantineNavLink, Text, Tooltip, ActionIcon } from '@mantine/core';
import {
  IconBook2,
  IconCalendarEvent,
  IconChartBar,
  IconGift,
  IconHeartHandshake,
  IconHome,
  IconLayoutDashboard,
  IconLogout,
  IconMessages,
  IconRefresh,
  IconSettings,
  IconShieldLock,
  IconBuildingChurch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { isAdminType } from '@church/contract/roles';
import { LogoutButton, SignedInPerson } from '../../../components/shell/header-pieces';
import { confirmLogout } from '../../../components/confirm-logout';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { NotificationsMenu } from '../../notifications/components/notifications-menu';

/** Spec 000 §2 Desktop dashboard: header (date, Main Site, Refresh, bell, name + role badge) and the left navigation. */
export function DesktopShell({ children, onRefresh, refreshing }: { children: ReactNode; onRefresh: () => void; refreshing: boolean }) {
  const { user, logout } = useSession();
  const location = useLocation();
  const adminType = isAdminType(user);
  const today = new Date().toLocaleDateString('en-ZA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const nav = [
    { label: 'Overview', to: paths.dashboard, icon: IconLayoutDashboard },
    { label: 'Prayer Requests', to: paths.mobile.prayer, icon: IconHeartHandshake },
    { label: 'My Giving', to: paths.mobile.giving, icon: IconGift },
    { label: 'Events', to: paths.mobile.events, icon: IconCalendarEvent },
    { label: 'Daily Bible', to: paths.mobile.bible, icon: IconBook2 },
    { label: 'Church Chat', to: paths.mobile.chat, icon: IconMessages },
    ...(adminType
      ? [
          { label: 'Reports', to: paths.analytics, icon: IconChartBar },
          { label: 'Admin Panel', to: paths.admin, icon: IconShieldLock },
        ]
      : []),
    // Church settings are for admin-type roles; a member's own settings are their profile.
    { label: 'Settings', to: adminType ? paths.settings : paths.mobile.profile, icon: IconSettings },
  ];

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 'sm' }} padding="lg" bg="gray.0">
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <IconBuildingChurch size={28} color="var(--mantine-color-navy-7)" />
            <Text size="sm" c="dimmed" data-testid="dashboard-date">
              {today}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to={paths.home} variant="default" size="xs" leftSection={<IconHome size={14} />}>
              Main Site
            </Button>
            <Tooltip label="Refresh">
              <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={onRefresh} loading={refreshing}>
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            <NotificationsMenu tone="light" />
            <SignedInPerson />
            <LogoutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <nav aria-label="Dashboard">
          {nav.map((item) => (
            <MantineNavLink
              key={item.label}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} />}
              active={location.pathname === item.to && item.label !== 'Settings'}
              style={{ borderRadius: 8 }}
            />
          ))}
          <MantineNavLink
            component="button"
            label="Logout"
            c="red"
            leftSection={<IconLogout size={18} />}
            onClick={() => confirmLogout(logout)}
            style={{ borderRadius: 8 }}
          />
        </nav>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
