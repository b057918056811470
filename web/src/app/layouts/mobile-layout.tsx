import { ActionIcon, Avatar, Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBook2,
  IconHeartHandshake,
  IconHome,
  IconLogout,
  IconMessages,
  IconUser,
  IconDeviceDesktop,
  IconBuildingChurch,
} from '@tabler/icons-react';
import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { confirmLogout } from '../../components/confirm-logout';
import classes from './mobile-layout.module.css';

const TABS = [
  { to: paths.mobile.dashboard, label: 'Home', icon: IconHome },
  { to: paths.mobile.prayer, label: 'Prayer', icon: IconHeartHandshake },
  { to: paths.mobile.bible, label: 'Bible', icon: IconBook2 },
  { to: paths.mobile.chat, label: 'Chat', icon: IconMessages },
  { to: paths.mobile.profile, label: 'Profile', icon: IconUser },
];

/** Spec 000 §2 "Mobile pages": header (logo, notifications, avatar menu) and the bottom tab bar on every /mobile page. */
export function MobileLayout() {
  const { user, logout } = useSession();
  const initials = (user?.name ?? '?')
    .split(/\s+/)
    .map((p) => p[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return (
    <Box className={classes.shell}>
      <header className={classes.header}>
        <Group justify="space-between" h="100%" px="md" wrap="nowrap">
          <UnstyledButton component={Link} to={user ? paths.mobile.dashboard : paths.home} aria-label="Home">
            <Group gap={8} wrap="nowrap">
              <IconBuildingChurch size={26} color="var(--mantine-color-gold-4)" />
              <Text fw={700} c="white" size="lg" ff="heading">
                Church
              </Text>
            </Group>
          </UnstyledButton>
          {!user ? (
            <Button component={Link} to={paths.login} size="xs" color="gold" c="navy.9">
              Login
            </Button>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <NotificationsMenu />
              <Menu position="bottom-end" width={240} shadow="md">
                <Menu.Target>
                  <ActionIcon variant="transparent" size="lg" aria-label="Account menu" radius="xl">
                    <Avatar color="gold" radius="xl" size={34}>
                      {initials}
                    </Avatar>
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Box px="sm" py={6}>
                    <Text fw={600} size="sm" truncate>
                      {user?.name}
                    </Text>
                    <Text c="dimmed" size="xs" truncate>
                      {user?.email}
                    </Text>
                  </Box>
                  <Menu.Divider />
                  <Menu.Item component={Link} to={paths.mobile.profile} leftSection={<IconUser size={16} />}>
                    Profile
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.dashboard} leftSection={<IconDeviceDesktop size={16} />}>
                    Desktop View
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => confirmLogout(logout)}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
      <nav className={classes.tabbar} aria-label="Main">
        {TABS.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={classes.tab}>
            <Icon size={22} stroke={1.7} />
            <span>{label}</span>
          </NavLink>
        ))}
      </nav>
    </Box>
  );
}
