import { ActionIcon, Avatar, Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { roleBadgeLabel, type RoleBadgeLabel } from '@church/contract/roles';
import { dashboardFor } from '@church/contract/rules/redirect';
import { confirmLogout } from '../confirm-logout';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useT } from '../../lib/i18n/use-t';
import type { MessageKey } from '@church/contract/i18n/keys';

/**
 * Header pieces shared by the member desktop shell and the management layout,
 * so the signed-in person, the role badge and logout look and behave the same.
 */
const BADGE_KEYS: Record<RoleBadgeLabel, MessageKey> = {
  Pastor: 'common.role.pastor',
  Administrator: 'common.role.administrator',
  Elder: 'common.role.elder',
  Deacon: 'common.role.deacon',
  Volunteer: 'common.role.volunteer',
  Developer: 'common.role.developer',
  Member: 'common.role.member',
};

const BADGE_COLOURS: Record<RoleBadgeLabel, string> = {
  Pastor: 'grape',
  Administrator: 'red',
  Elder: 'indigo',
  Deacon: 'teal',
  Volunteer: 'orange',
  Developer: 'cyan',
  Member: 'navy',
};

export function initialsOf(name: string | undefined | null): string {
  return (name ?? '?')
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

/** Name and role badge (spec 000 §6 badge labels). */
/** `tone="dark"` on a dark header (management layout), default on a light one. */
export function SignedInPerson({ showRole = true, tone = 'light' }: { showRole?: boolean; tone?: 'light' | 'dark' }) {
  const { user } = useSession();
  const badge = roleBadgeLabel(user?.role ?? 'member');
  const t = useT();
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={700} c={tone === 'dark' ? 'white' : undefined} data-testid="dashboard-user-name" data-user-content>
        {user?.name}
      </Text>
      {showRole && (
        <Badge size="xs" color={BADGE_COLOURS[badge]} variant={tone === 'dark' ? 'white' : 'light'} data-testid="role-badge">
          {t(BADGE_KEYS[badge])}
        </Badge>
      )}
    </Stack>
  );
}

export function PersonAvatar({ size = 34 }: { size?: number }) {
  const { user } = useSession();
  return (
    <Avatar color="navy" variant="white" radius="xl" size={size} aria-hidden>
      {initialsOf(user?.name)}
    </Avatar>
  );
}

/** Logout icon with the spec's confirmation ('Are you sure you want to logout?'). */
export function LogoutButton() {
  const { logout } = useSession();
  const t = useT();
  return (
    <Tooltip label={t('common.logout')}>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('common.logout')} onClick={() => confirmLogout(logout)}>
        <IconLogout size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Spec 001 §2: 'Switch to Member View' → /dashboard, or /mobile/dashboard on a phone. */
export function SwitchToMemberView({ fullWidth = false }: { fullWidth?: boolean }) {
  const isMobile = useIsMobile();
  return (
    <Button
      component={Link}
      to={dashboardFor(isMobile)}
      variant="light"
      size="xs"
      fullWidth={fullWidth}
      leftSection={<IconUserCircle size={14} />}
    >
      Switch to Member View
    </Button>
  );
}
