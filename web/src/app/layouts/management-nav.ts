import {
  IconAddressBook,
  IconBook2,
  IconSend,
  IconCalendarEvent,
  IconCalendarUser,
  IconDoorEnter,
  IconAdjustments,
  IconChartBar,
  IconCoin,
  IconFileTextShield,
  IconInbox,
  IconLayoutDashboard,
  IconLock,
  IconNotes,
  IconPray,
  IconReceipt,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconStethoscope,
  IconUpload,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { can, hasRole, PASTOR_PAGE_ROLES, type Permission, type Principal } from '@church/contract/roles';
import { paths } from '../../config/paths';

/**
 * The one list of management pages. Add your page here (one entry) and it
 * appears in the management layout's navigation on desktop and phone.
 * `permission` is checked with contract/roles `can()`; pages outside the
 * pastor dashboard also need a pastor-page role, because their route group is
 * guarded by RequirePastor (elders reach /pastor-dashboard only).
 */
export interface ManagementNavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Who sees the entry; default 'church:manage'. */
  permission?: Permission;
  /** The page's route is guarded by `permission` alone (RequirePermission), not by a pastor-page role. */
  permissionOnly?: boolean;
  /** Mark active on nested paths too (/members/add, /members/{id}). Default true; false for exact match. */
  nested?: boolean;
}
export interface ManagementNavGroup {
  label: string;
  items: ManagementNavItem[];
}

export const MANAGEMENT_NAV: ManagementNavGroup[] = [
  {
    label: 'Overview',
    items: [{ label: 'Dashboard', to: paths.pastorDashboard, icon: IconLayoutDashboard, permission: 'pastor:dashboard' }],
  },
  {
    label: 'People',
    items: [
      { label: 'Members', to: paths.members, icon: IconAddressBook },
      { label: 'Volunteers', to: paths.volunteers, icon: IconUsersGroup },
      { label: 'Leadership', to: paths.leadership, icon: IconUsers },
      { label: 'Pastoral Care', to: paths.pastoralCare, icon: IconStethoscope },
      { label: 'Visitors', to: paths.visitors, icon: IconUserPlus },
    ],
  },
  {
    label: 'Ministry',
    items: [
      { label: 'Prayers', to: paths.prayers, icon: IconPray },
      { label: 'Events', to: paths.events, icon: IconCalendarEvent },
      { label: 'Services & Rosters', to: paths.services, icon: IconCalendarUser, permission: 'services:manage' },
      { label: 'Check-in', to: paths.checkin, icon: IconDoorEnter, permission: 'checkin:staff', permissionOnly: true, nested: false },
      { label: 'Check-in Settings', to: paths.checkinSettings, icon: IconAdjustments, permission: 'checkin:manage', permissionOnly: true },
      { label: 'Sermon Library', to: paths.sermons, icon: IconBook2, nested: false },
      { label: 'Upload Sermon', to: paths.sermonUpload, icon: IconUpload },
      { label: 'Sermon Preparation', to: paths.sermonPrepare, icon: IconNotes },
      { label: 'Announcements', to: paths.announcements, icon: IconSpeakerphone },
    ],
  },
  {
    label: 'Communication',
    items: [
      { label: 'Inbox', to: paths.inbox, icon: IconInbox },
      { label: 'Messages', to: paths.messages, icon: IconSend },
    ],
  },
  {
    label: 'Finance & Reports',
    items: [
      { label: 'Giving', to: paths.giving, icon: IconCoin, permission: 'finance:read', permissionOnly: true },
      { label: 'Donations', to: paths.donations, icon: IconReceipt, permission: 'finance:read', permissionOnly: true },
      { label: 'Analytics', to: paths.analytics, icon: IconChartBar },
    ],
  },
  {
    label: 'Administration',
    items: [
      { label: 'Settings', to: paths.settings, icon: IconSettings, permission: 'settings:write' },
      { label: 'Permissions', to: paths.permissions, icon: IconLock },
      { label: 'Data Requests', to: paths.dataRequests, icon: IconFileTextShield, permission: 'audit:read' },
      { label: 'Admin', to: paths.admin, icon: IconShieldLock, permission: 'admin:panel' },
    ],
  },
];

/** May this person open the page behind a nav entry? Mirrors the route guards. */
export function canSeeNavItem(user: Principal | null | undefined, item: ManagementNavItem): boolean {
  if (!can(user, item.permission ?? 'church:manage')) return false;
  return item.to === paths.pastorDashboard || item.permissionOnly === true || hasRole(user, PASTOR_PAGE_ROLES);
}

/** The navigation this person sees: hidden entries removed, empty groups dropped. */
export function navFor(user: Principal | null | undefined): ManagementNavGroup[] {
  return MANAGEMENT_NAV.map((g) => ({ ...g, items: g.items.filter((i) => canSeeNavItem(user, i)) })).filter((g) => g.items.length > 0);
}

export function isNavItemActive(item: ManagementNavItem, pathname: string): boolean {
  if (pathname === item.to) return true;
  return item.nested !== false && pathname.startsWith(item.to + '/');
}
