import { ActionIcon, AppShell, Box, Button, Group, NavLink as MantineNavLink, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconBook2,
  IconCalendarEvent,
  IconCalendarUser,
  IconChartBar,
  IconCoin,
  IconGift,
  IconHeartHandshake,
  IconHome,
  IconLayoutDashboard,
  IconUsersGroup,
  IconAddressBook,
  IconLogout,
  IconMessages,
  IconRefresh,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { can, isAdminType } from '@church/contract/roles';
import { MOBILE_MAX_WIDTH } from '@church/contract/rules/redirect';
import { ChurchBrand } from '../../components/brand/church-brand';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import type { MessageKey } from '@church/contract/i18n/keys';
import { useT } from '../../lib/i18n/use-t';
import { useFormat } from '../../lib/i18n/use-format';
import { LanguageSwitcher } from '../../components/language-switcher';
import { confirmLogout } from '../../components/confirm-logout';
import { LogoutButton, SignedInPerson } from '../../components/shell/header-pieces';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';

interface NavItem {
  label: MessageKey;
  to: string;
  icon: typeof IconHome;
  /** Other paths that light this entry up (the profile behind a member's Settings). */
  alsoActiveOn?: string[];
}

/** Spec 000 §2 left navigation; Church Chat opens the desktop chat (/chat), the other member pages keep their spec routes. */
export function memberNav(adminType: boolean, treasurer = false): NavItem[] {
  return [
    { label: 'member.nav.overview', to: paths.dashboard, icon: IconLayoutDashboard },
    { label: 'member.nav.prayer', to: paths.mobile.prayer, icon: IconHeartHandshake },
    { label: 'member.nav.giving', to: paths.mobile.giving, icon: IconGift },
    { label: 'member.nav.events', to: paths.mobile.events, icon: IconCalendarEvent },
    { label: 'member.nav.groups', to: paths.groups, icon: IconUsersGroup },
    { label: 'member.nav.schedule', to: paths.mySchedule, icon: IconCalendarUser },
    { label: 'member.nav.directory', to: paths.directory, icon: IconAddressBook },
    { label: 'member.nav.bible', to: paths.mobile.bible, icon: IconBook2 },
    { label: 'member.nav.chat', to: paths.chat, icon: IconMessages },
    ...(adminType
      ? [
          { label: 'member.nav.reports' as const, to: paths.analytics, icon: IconChartBar },
          { label: 'member.nav.admin' as const, to: paths.admin, icon: IconShieldLock },
        ]
      : []),
    // A treasurer granted finance (a deacon, say) reaches the finance pages from here; admin-type roles go through Reports.
    ...(!adminType && treasurer ? [{ label: 'member.nav.churchGiving' as const, to: paths.giving, icon: IconCoin }] : []),
    // Church settings are for admin-type roles; a member's own settings are their profile and preferences.
    adminType
      ? { label: 'member.nav.settings', to: paths.settings, icon: IconSettings, alsoActiveOn: [paths.mobile.profile] }
      : { label: 'member.nav.settings', to: paths.mobile.profile, icon: IconSettings },
  ];
}

/**
 * The member desktop shell (ARCHITECTURE "one desktop shell"): every member
 * page renders inside it above 768 px — header (church, date, Main Site,
 * Refresh, bell, name and role badge, logout) and the left navigation.
 */
export function MemberDesktopShell({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const refreshing = useIsFetching() > 0;
  const adminType = isAdminType(user);
  const t = useT();
  const today = useFormat().date(new Date(), 'full');
  const isActive = (item: NavItem) => pathname === item.to || !!item.alsoActiveOn?.includes(pathname);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: `${(MOBILE_MAX_WIDTH + 1) / 16}em` }}
      padding="lg"
      bg="var(--app-bg)"
    >
      <AppShell.Header px="lg">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
            <UnstyledButton component={Link} to={paths.dashboard} style={{ minWidth: 0 }}>
              <ChurchBrand color="navy.9" />
            </UnstyledButton>
            <Text size="sm" c="gray.7" data-testid="dashboard-date" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {today}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to={paths.home} variant="default" size="xs" leftSection={<IconHome size={14} />}>
              {t('member.mainSite')}
            </Button>
            <Tooltip label={t('member.refresh')}>
              {/* Re-reads whatever this page shows (its queries) and the bell. */}
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('member.refresh')}
                onClick={() => qc.invalidateQueries()}
                loading={refreshing}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            <LanguageSwitcher />
            <ColorSchemeToggle />
            <NotificationsMenu tone="light" />
            <SignedInPerson />
            <LogoutButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <nav aria-label={t('member.nav.dashboard')}>
          {memberNav(adminType, can(user, 'finance:read')).map((item) => (
            <MantineNavLink
              key={item.label}
              component={Link}
              to={item.to}
              label={t(item.label)}
              leftSection={<item.icon size={18} />}
              active={isActive(item)}
              aria-current={isActive(item) ? 'page' : undefined}
              style={{ borderRadius: 8 }}
            />
          ))}
          <MantineNavLink
            component="button"
            label={t('common.logout')}
            c="red"
            leftSection={<IconLogout size={18} />}
            onClick={() => confirmLogout(logout)}
            style={{ borderRadius: 8 }}
          />
        </nav>
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1200} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
