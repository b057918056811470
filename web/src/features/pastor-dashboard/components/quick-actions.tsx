import { Card, Chip, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import {
  IconAddressBook,
  IconCalendarPlus,
  IconChartBar,
  IconCoin,
  IconPray,
  IconSettings,
  IconShieldLock,
  IconStethoscope,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { can, type Permission, type Principal } from '@church/contract/roles';
import { paths } from '../../../config/paths';

/** Spec 001 §2 chip categories. */
export const ACTION_CATEGORIES = ['all', 'members', 'finance', 'care', 'leadership', 'events', 'communication', 'admin'] as const;
export type ActionCategory = (typeof ACTION_CATEGORIES)[number];

/**
 * A quick action navigates, or opens a dialog that another feature registers
 * (bulk messaging and exports belong to "office": they add a `dialog` entry
 * with their own `open()` here). Only actions that do something are listed.
 */
export type QuickAction = { label: string; category: Exclude<ActionCategory, 'all'>; icon: Icon; permission?: Permission } & (
  { kind: 'navigate'; to: string } | { kind: 'dialog'; open: () => void }
);

export const QUICK_ACTIONS: QuickAction[] = [
  { kind: 'navigate', label: 'Add Member', to: paths.memberAdd, category: 'members', icon: IconUserPlus, permission: 'church:manage' },
  { kind: 'navigate', label: 'Members', to: paths.members, category: 'members', icon: IconAddressBook, permission: 'church:manage' },
  { kind: 'navigate', label: 'Donations', to: paths.donations, category: 'finance', icon: IconCoin, permission: 'church:manage' },
  {
    kind: 'navigate',
    label: 'Pastoral Care',
    to: paths.pastoralCare,
    category: 'care',
    icon: IconStethoscope,
    permission: 'church:manage',
  },
  { kind: 'navigate', label: 'Prayer Requests', to: paths.prayers, category: 'care', icon: IconPray, permission: 'church:manage' },
  { kind: 'navigate', label: 'Leadership', to: paths.leadership, category: 'leadership', icon: IconUsers, permission: 'church:manage' },
  {
    kind: 'navigate',
    label: 'Create Event',
    to: paths.eventCreate,
    category: 'events',
    icon: IconCalendarPlus,
    permission: 'church:manage',
  },
  { kind: 'navigate', label: 'Analytics', to: paths.analytics, category: 'admin', icon: IconChartBar, permission: 'church:manage' },
  { kind: 'navigate', label: 'Settings', to: paths.settings, category: 'admin', icon: IconSettings, permission: 'settings:write' },
  { kind: 'navigate', label: 'Admin Panel', to: paths.admin, category: 'admin', icon: IconShieldLock, permission: 'admin:panel' },
];

export function QuickActions({ user }: { user: Principal | null }) {
  const [category, setCategory] = useState<ActionCategory>('all');
  const visible = QUICK_ACTIONS.filter((a) => !a.permission || can(user, a.permission));
  const shown = visible.filter((a) => category === 'all' || a.category === category);
  if (!visible.length) return null;
  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={700} mb="sm">
        Quick Actions
      </Text>
      <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v as ActionCategory)}>
        <Group gap="xs" mb="md">
          {ACTION_CATEGORIES.map((c) => (
            <Chip key={c} value={c} size="xs" tt="capitalize">
              {c}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          No quick actions in this category yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
          {shown.map((a) => {
            const body = (
              <Group gap={8} wrap="nowrap" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
                <a.icon size={18} />
                <Text size="sm" fw={500}>
                  {a.label}
                </Text>
              </Group>
            );
            return a.kind === 'navigate' ? (
              <UnstyledButton key={a.label} component={Link} to={a.to}>
                {body}
              </UnstyledButton>
            ) : (
              <UnstyledButton key={a.label} onClick={a.open}>
                {body}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
