/**
 * The one role/permission table. The server's route guards and the web's
 * route guards both read it, so a rule changes in one place.
 */
export const ROLES = ['member', 'volunteer', 'deacon', 'elder', 'pastor', 'admin', 'superadmin', 'developer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a leader can hand out on the Leadership / Volunteers pages (spec 001 §4). */
export const CONGREGATION_ROLES = ['member', 'volunteer', 'deacon', 'elder', 'pastor'] as const;

/** Spec 000 §6: admin-type roles get church-wide data and management tools. */
export const ADMIN_TYPE_ROLES: readonly Role[] = ['admin', 'pastor', 'superadmin'];
/** Spec 000 §1: leaders. */
export const LEADER_ROLES: readonly Role[] = ['pastor', 'admin', 'elder', 'superadmin'];
/** ARCHITECTURE: /pastor-dashboard admits pastor, admin, elder and superadmin. */
export const PASTOR_DASHBOARD_ROLES: readonly Role[] = LEADER_ROLES;
/** Spec 002 §2.2: every other management page needs pastor, admin or superadmin. */
export const PASTOR_PAGE_ROLES: readonly Role[] = ADMIN_TYPE_ROLES;

export const PERMISSIONS = {
  /** Open /pastor-dashboard and read its aggregate figures. */
  'pastor:dashboard': PASTOR_DASHBOARD_ROLES,
  /** Management pages and the endpoints behind them (members, events, sermons ...). */
  'church:manage': PASTOR_PAGE_ROLES,
  /** Church-wide figures on the member dashboard (giving totals, new members). */
  'church:insights': ADMIN_TYPE_ROLES,
  /** Read the member directory. */
  'members:read': LEADER_ROLES,
  /** Approve / reject prayers and read every prayer. */
  'prayers:moderate': LEADER_ROLES,
  /** Read who registered for an event. */
  'events:attendees': LEADER_ROLES,
  /** Read visitors and their statistics, change a visitor's status. */
  'visitors:read': LEADER_ROLES,
  /** Read the messages people send through the contact form. */
  'contact:read': LEADER_ROLES,
  /** Read and change the church settings. */
  'settings:write': ADMIN_TYPE_ROLES,
  /** Create the default chat rooms when none exist. */
  'chat:initialize': ADMIN_TYPE_ROLES,
  /** Post in announcement rooms. */
  'chat:announce': LEADER_ROLES,
  /** Read the e-mail outbox (password reset links when SMTP is not configured). */
  'outbox:read': ['admin', 'superadmin'],
  /** Import a Bible translation into the church's own Bible service. */
  'bible:import': ['admin', 'superadmin'],
  // Issue 10 (people): the administrator's panel.
  /** /admin: users and roles, the audit log, the mail log, system health. */
  'admin:panel': ['admin', 'superadmin'],
  /** Read the audit log of leaders' actions on other people's data. */
  'audit:read': ['admin', 'superadmin'],
  // Issue 10 (care): events management, pastoral care, volunteers and leadership.
  /** Create, edit and delete events; check people in (care/events management). */
  'events:manage': PASTOR_PAGE_ROLES,
  /** Pastoral care: visits, calls and their confidential notes, the care inbox (never elders/deacons/members). */
  'care:notes': PASTOR_PAGE_ROLES,
  /** Volunteers and Leadership pages: role lists and counts. */
  'people:roles': PASTOR_PAGE_ROLES,
  /** Developer portal and API keys (spec 002 §2.2). */
  'api:access': ['developer'],
  /** Operations (issue 17): read /metrics and the readiness detail. */
  'ops:read': ['admin', 'superadmin'],
  /** Operations (issue 17): take a backup of the whole church (database and media) through the running server. */
  'ops:backup': ['admin', 'superadmin'],
  /**
   * Giving administration (issue 12). The spec has no treasurer role, so finance is
   * a permission, not a role: pastors read the figures (spec 001 §1 "review giving"),
   * admins run the books, and a church makes a deacon or volunteer its treasurer by
   * granting 'finance:manage' through users.permissions without making them an admin.
   */
  'finance:read': ['pastor', 'admin', 'superadmin'],
  /** Record offline gifts, batches, refunds and corrections, tax certificates, tax & banking details. */
  'finance:manage': ['admin', 'superadmin'],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export interface Principal {
  role: Role | string;
  /** Extra permissions granted to this user (the developer registration sends ['api:access']). */
  permissions?: readonly string[] | null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** May this user do this? superadmin may do everything. */
export function can(user: Principal | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.role === 'superadmin') return true;
  if (user.permissions?.includes(permission)) return true;
  return (PERMISSIONS[permission] as readonly string[]).includes(user.role);
}

export function hasRole(user: Principal | null | undefined, roles: readonly Role[]): boolean {
  return !!user && (roles as readonly string[]).includes(user.role);
}

export const isAdminType = (user: Principal | null | undefined) => hasRole(user, ADMIN_TYPE_ROLES);
export const isLeader = (user: Principal | null | undefined) => hasRole(user, LEADER_ROLES);

/** Spec 000 §6: pastor and superadmin show 'Pastor'; admin shows 'Administrator'; all others 'Member'. */
export function roleBadgeLabel(role: string): 'Pastor' | 'Administrator' | 'Member' {
  if (role === 'pastor' || role === 'superadmin') return 'Pastor';
  if (role === 'admin') return 'Administrator';
  return 'Member';
}
