import {
  IconAddressBook,
  IconCalendarPlus,
  IconChartBar,
  IconCoin,
  IconFileExport,
  IconPray,
  IconSend,
  IconSettings,
  IconShieldLock,
  IconStethoscope,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ComponentType } from 'react';
import type { Permission } from '@church/contract/roles';
import { paths } from '../../../config/paths';

// The dialogs load when first opened (they belong to the messaging and exports features).
const BulkMessageDialog = lazy(() =>
  import('../../messaging/components/bulk-message-dialog').then((m) => ({ default: m.BulkMessageDialog })),
);
const ExportMembersDialog = lazy(() => import('../../exports/components/export-dialog').then((m) => ({ default: m.ExportMembersDialog })));
const ExportFinancialDialog = lazy(() =>
  import('../../exports/components/export-dialog').then((m) => ({ default: m.ExportFinancialDialog })),
);

export type DialogComponent = ComponentType<{ opened: boolean; onClose: () => void }>;

/** Spec 001 §2 chip categories. */
export const ACTION_CATEGORIES = ['all', 'members', 'finance', 'care', 'leadership', 'events', 'communication', 'admin'] as const;
export type ActionCategory = (typeof ACTION_CATEGORIES)[number];
/** Spec 001 §2: the phone shows a few groups (members, leadership, care) plus View All Actions. */
export const PHONE_GROUPS = ['members', 'leadership', 'care'] as const satisfies readonly ActionCategory[];

/**
 * A quick action navigates, or opens a dialog that another feature registers
 * (bulk messaging and exports belong to "office": they add a `dialog` entry
 * with their own `open()` here). Only actions that do something are listed.
 */
export type QuickAction = { label: string; category: Exclude<ActionCategory, 'all'>; icon: Icon; permission?: Permission } & (
  { kind: 'navigate'; to: string } | { kind: 'dialog'; dialog: DialogComponent }
);

export const QUICK_ACTIONS: QuickAction[] = [
  { kind: 'navigate', label: 'Add Member', to: paths.memberAdd, category: 'members', icon: IconUserPlus, permission: 'church:manage' },
  { kind: 'navigate', label: 'Members', to: paths.members, category: 'members', icon: IconAddressBook, permission: 'church:manage' },
  {
    kind: 'dialog',
    label: 'Export Members',
    dialog: ExportMembersDialog,
    category: 'members',
    icon: IconFileExport,
    permission: 'reports:export',
  },
  { kind: 'navigate', label: 'Donations', to: paths.donations, category: 'finance', icon: IconCoin, permission: 'church:manage' },
  {
    kind: 'dialog',
    label: 'Export Financial Report',
    dialog: ExportFinancialDialog,
    category: 'finance',
    icon: IconFileExport,
    permission: 'finance:read',
  },
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
  {
    kind: 'dialog',
    label: 'Send Message',
    dialog: BulkMessageDialog,
    category: 'communication',
    icon: IconSend,
    permission: 'messages:send',
  },
  { kind: 'navigate', label: 'Messages', to: paths.messages, category: 'communication', icon: IconSend, permission: 'messages:send' },
  { kind: 'navigate', label: 'Analytics', to: paths.analytics, category: 'admin', icon: IconChartBar, permission: 'church:manage' },
  { kind: 'navigate', label: 'Settings', to: paths.settings, category: 'admin', icon: IconSettings, permission: 'settings:write' },
  { kind: 'navigate', label: 'Admin Panel', to: paths.admin, category: 'admin', icon: IconShieldLock, permission: 'admin:panel' },
];
