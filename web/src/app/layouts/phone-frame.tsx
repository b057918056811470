import { ActionIcon, Avatar, Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBook2,
  IconCalendarEvent,
  IconCalendarUser,
  IconDeviceDesktop,
  IconUsersGroup,
  IconAddressBook,
  IconGift,
  IconHeartHandshake,
  IconHome,
  IconLogout,
  IconMessages,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ChurchBrand } from '../../components/brand/church-brand';
import { ColorSchemeMenuItem } from '../../components/color-scheme-toggle';
import { confirmLogout } from '../../components/confirm-logout';
import { initialsOf } from '../../components/shell/header-pieces';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useT } from '../../lib/i18n/use-t';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import classes from './phone-frame.module.css';

const TABS = [
  { to: paths.mobile.dashboard, label: 'member.tab.home' as const, icon: IconHome },
  { to: paths.mobile.prayer, label: 'member.tab.prayer' as const, icon: IconHeartHandshake },
  { to: paths.mobile.bible, label: 'member.tab.bible' as const, icon: IconBook2 },
  { to: paths.mobile.chat, label: 'member.tab.chat' as const, icon: IconMessages },
  { to: paths.mobile.profile, label: 'member.tab.profile' as const, icon: IconUser },
];

/**
 * The phone frame (spec 000 §2 "Mobile pages"): header (the church's logo and
 * name, notifications, avatar menu) and the bottom tab bar. Every member page
 * renders inside it at 768 px and below, whatever its route.
 */
export function PhoneFrame({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const t = useT();
  const initials = initialsOf(user?.name);
  return (
    <Box className={classes.shell}>
      <header className={classes.header}>
        <Group justify="space-between" h="100%" px="md" wrap="nowrap">
          <UnstyledButton component={Link} to={user ? paths.mobile.dashboard : paths.home} style={{ minWidth: 0 }}>
            <ChurchBrand color="white" size="md" logoSize={28} />
          </UnstyledButton>
          {!user ? (
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher tone="dark" />
              <Button component={Link} to={paths.login} size="xs" color="gold" c="navy.9">
                {t('common.nav.login')}
              </Button>
            </Group>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitcher tone="dark" />
              <NotificationsMenu />
              <Menu position="bottom-end" width={240} shadow="md">
                <Menu.Target>
                  <ActionIcon variant="transparent" size="lg" aria-label={t('member.accountMenu', { initials })} radius="xl">
                    {/* The label holds the visible initials too, so a person using speech can say them (WCAG 2.5.3). */}
                    <Avatar
                      radius="xl"
                      size={34}
                      styles={{ placeholder: { background: 'var(--mantine-color-gold-4)', color: 'var(--mantine-color-navy-9)' } }}
                    >
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
                    {t('member.tab.profile')}
                  </Menu.Item>
                  {/* Giving and Events have no tab of their own: one tap away here as well as in Quick Actions. */}
                  <Menu.Item component={Link} to={paths.mobile.giving} leftSection={<IconGift size={16} />}>
                    {t('member.nav.giving')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.mobile.events} leftSection={<IconCalendarEvent size={16} />}>
                    {t('member.nav.events')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.groups} leftSection={<IconUsersGroup size={16} />}>
                    {t('member.nav.groups')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.mySchedule} leftSection={<IconCalendarUser size={16} />}>
                    {t('member.nav.schedule')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.directory} leftSection={<IconAddressBook size={16} />}>
                    Directory
                  </Menu.Item>
                  <Menu.Item component={Link} to={paths.dashboard} leftSection={<IconDeviceDesktop size={16} />}>
                    {t('member.desktopView')}
                  </Menu.Item>
                  <ColorSchemeMenuItem />
                  <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => confirmLogout(logout)}>
                    {t('common.logout')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
      </header>
      <main className={classes.main}>{children}</main>
      <nav className={classes.tabbar} aria-label={t('common.nav.main')}>
        {TABS.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={classes.tab}>
            <Icon size={22} stroke={1.7} />
            <span>{t(label)}</span>
          </NavLink>
        ))}
      </nav>
    </Box>
  );
}
