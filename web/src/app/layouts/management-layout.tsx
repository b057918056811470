import {
  AppShell,
  Burger,
  Button,
  Divider,
  Group,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MOBILE_MAX_WIDTH } from '@church/contract/rules/redirect';
import { ChurchBrand } from '../../components/brand/church-brand';
import { confirmLogout } from '../../components/confirm-logout';
import { LogoutButton, PersonAvatar, SignedInPerson, SwitchToMemberView } from '../../components/shell/header-pieces';
import { LanguageSwitcher } from '../../components/language-switcher';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { isNavItemActive, navFor } from './management-nav';

/**
 * The one layout of the pastor/admin area (ARCHITECTURE "one desktop shell"):
 * a header with the signed-in person, Switch to Member View and logout, and
 * the navigation from management-nav.ts. At 768 px and below the navigation
 * folds into a drawer behind a burger button.
 */
export function ManagementLayout() {
  const { user, logout } = useSession();
  const isMobile = useIsMobile();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const groups = navFor(user);

  // A tap on a nav entry on the phone should show the page, not keep the drawer open.
  useEffect(close, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      // Mantine's breakpoint is a min-width for the desktop form; ours is "≤ 768 px is mobile".
      navbar={{ width: 250, breakpoint: `${(MOBILE_MAX_WIDTH + 1) / 16}em`, collapsed: { mobile: !opened } }}
      padding={isMobile ? 'sm' : 'lg'}
      bg="var(--app-bg)"
    >
      <AppShell.Header px={isMobile ? 'sm' : 'lg'} bg="navy.9" c="white" style={{ borderBottom: 0 }}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {isMobile && <Burger opened={opened} onClick={toggle} color="white" size="sm" aria-label="Open navigation" />}
            <UnstyledButton component={Link} to={paths.pastorDashboard} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap">
                <ChurchBrand color="white" size={isMobile ? 'md' : 'lg'} logoSize={isMobile ? 26 : 30} />
                {!isMobile && (
                  <Text size="xs" fw={700} tt="uppercase" c="gold.3" lts={1}>
                    Management
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {!isMobile && <LanguageSwitcher tone="dark" />}
            <NotificationsMenu />
            {isMobile ? (
              <PersonAvatar />
            ) : (
              <>
                <SwitchToMemberView />
                <Group gap="xs" wrap="nowrap">
                  <SignedInPerson tone="dark" />
                  <PersonAvatar />
                </Group>
                <LogoutButton />
              </>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label="Management">
            {groups.map((g) => (
              <Stack key={g.label} gap={0} mb="sm">
                <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" py={4}>
                  {g.label}
                </Text>
                {g.items.map((item) => (
                  <MantineNavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={18} stroke={1.7} />}
                    active={isNavItemActive(item, location.pathname)}
                    aria-current={isNavItemActive(item, location.pathname) ? 'page' : undefined}
                    style={{ borderRadius: 8 }}
                  />
                ))}
              </Stack>
            ))}
          </nav>
        </AppShell.Section>
        {isMobile && (
          <AppShell.Section>
            <Divider mb="sm" />
            <Stack gap="xs">
              <Text size="sm" fw={700} data-testid="dashboard-user-name">
                {user?.name}
              </Text>
              <SwitchToMemberView fullWidth />
              <Button variant="subtle" color="red" size="xs" leftSection={<IconLogout size={14} />} onClick={() => confirmLogout(logout)}>
                Logout
              </Button>
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
