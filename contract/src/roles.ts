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
  /** Add, edit, delete, import and merge members; households and status (issue 10). */
  'members:manage': PASTOR_PAGE_ROLES,
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
  /**
   * Delete an event with its registrations and check-ins (issue 31): administrators only. Leaders who
   * manage events cancel instead, which keeps both.
   */
  'events:delete': ['admin', 'superadmin'],
  /** Pastoral care: visits, calls and their confidential notes, the care inbox (never elders/deacons/members). */
  'care:notes': PASTOR_PAGE_ROLES,
  /** Volunteers and Leadership pages: role lists and counts. */
  'people:roles': PASTOR_PAGE_ROLES,
  /** Approve a developer's paid API plan (no payment provider: the church's approval is the arrangement). */
  'api-plans:approve': ['admin', 'superadmin'],
  /** The church's control over developers (issue 29): every API key with its owner and usage, revoke any, disable a developer account. */
  'developers:manage': ['admin', 'superadmin'],
  /** Developer portal and API keys (spec 002 §2.2). */
  'api:access': ['developer'],
  /** Operations (issue 17): read /metrics and the readiness detail. */
  'ops:read': ['admin', 'superadmin'],
  /**
   * Operations (issue 17): take a backup of the whole church (database and media) through the running
   * server. Superadmin only: a backup holds every row, every password hash included, so whoever holds
   * one holds every account; an administrator must not be able to take over the superadmin's this way.
   */
  'ops:backup': ['superadmin'],
  /**
   * Giving administration (issue 12). The spec has no treasurer role, so finance is
   * a permission, not a role: pastors read the figures (spec 001 §1 "review giving"),
   * admins run the books, and a church makes a deacon or volunteer its treasurer by
   * granting 'finance:manage' through users.permissions without making them an admin.
   */
  'finance:read': ['pastor', 'admin', 'superadmin'],
  /**
   * Who gave what: named gifts, donors, batches and certificates, the dashboard's top givers (issue 29).
   * Beside finance:read because a church may keep named giving from its pastors (security settings,
   * withheld per church by the server) while they still review the totals.
   */
  'giving:named': ['pastor', 'admin', 'superadmin'],
  /** Bulk messages, message templates and their delivery records (issue 13). */
  'messages:send': PASTOR_PAGE_ROLES,
  /** The analytics page: growth, engagement and website figures (issue 13). */
  'analytics:read': PASTOR_PAGE_ROLES,
  /** Export church reports (members, attendance, prayer, events); finance reports also need finance:read (issue 13). */
  'reports:export': PASTOR_PAGE_ROLES,
  /** Record offline gifts, batches, refunds and corrections, tax certificates, tax & banking details. */
  'finance:manage': ['admin', 'superadmin'],
  /**
   * The church's card payment (PayFast merchant) account: where card gifts are paid to. Administrators only,
   * not a granted treasurer: whoever sets it could send every card gift to another account.
   */
  'payments:configure': ['admin', 'superadmin'],
  // Issue 33 (Sunday): service plans, rosters and children's check-in.
  /** Plan services, manage teams and schedule volunteers (the roster matrix). */
  'services:manage': PASTOR_PAGE_ROLES,
  /** Set up check-in: rooms, label printers, kiosks; watch the rooms live. */
  'checkin:manage': PASTOR_PAGE_ROLES,
  /**
   * Run a staffed check-in station (check anyone in and out, add a first-time family) and enter headcounts.
   * Volunteers and deacons staff the door on Sunday; members do not see families' details.
   */
  'checkin:staff': ['volunteer', 'deacon', 'elder', 'pastor', 'admin', 'superadmin'],
  /** Grant a person the permissions in GRANTABLE_PERMISSIONS (a treasurer) without changing their role. */
  'permissions:grant': ['admin', 'superadmin'],
  /**
   * Groups and home cells (issue 34): create groups, name their leaders, arrange zones and districts, see
   * every group. A group's own leaders and a network's overseer get their part from the group tables, not here.
   */
  'groups:manage': PASTOR_PAGE_ROLES,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

/**
 * What an administrator may grant one person through users.permissions,
 * beside their role (PUT /members/{id}/permissions). Only the finance pair:
 * a church's treasurer or counting team is rarely its administrator, while
 * everything else follows the role (changing what a deacon may do in the
 * care notes or the admin panel person by person would make the role table
 * above a lie). 'api:access' is not here: it comes with developer
 * registration.
 */
export const GRANTABLE_PERMISSIONS = ['finance:read', 'finance:manage'] as const;
export type GrantablePermission = (typeof GRANTABLE_PERMISSIONS)[number];

/** A granted permission that brings others with it: whoever keeps the books reads them. */
export const GRANT_INCLUDES: Partial<Record<Permission, readonly Permission[]>> = {
  'finance:manage': ['finance:read', 'giving:named'],
  'finance:read': ['giving:named'],
};

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
  if (user.permissions?.some((p) => p === permission || GRANT_INCLUDES[p as Permission]?.includes(permission))) return true;
  return (PERMISSIONS[permission] as readonly string[]).includes(user.role);
}

export function hasRole(user: Principal | null | undefined, roles: readonly Role[]): boolean {
  return !!user && (roles as readonly string[]).includes(user.role);
}

export const isAdminType = (user: Principal | null | undefined) => hasRole(user, ADMIN_TYPE_ROLES);
export const isLeader = (user: Principal | null | undefined) => hasRole(user, LEADER_ROLES);

/** What the role badge says for each role. */
export const ROLE_BADGE_LABELS = {
  pastor: 'Pastor',
  superadmin: 'Pastor',
  admin: 'Administrator',
  elder: 'Elder',
  deacon: 'Deacon',
  volunteer: 'Volunteer',
  developer: 'Developer',
  member: 'Member',
} as const satisfies Record<Role, string>;
export type RoleBadgeLabel = (typeof ROLE_BADGE_LABELS)[Role];

/**
 * Spec 000 §6: pastor and superadmin show 'Pastor', admin 'Administrator'.
 * Issue 18: elders, deacons, volunteers and developers show their own role
 * rather than the spec's 'Member' (a deacon is not just a member to the church);
 * an unknown role is 'Member'.
 */
export function roleBadgeLabel(role: string): RoleBadgeLabel {
  return isRole(role) ? ROLE_BADGE_LABELS[role] : 'Member';
}

/** Roles a person can be given on the members pages: every role except the developer portal's own. */
export const MEMBER_PAGE_ROLES = ['member', 'volunteer', 'deacon', 'elder', 'pastor', 'admin', 'superadmin'] as const;

/**
 * Who may grant what (issue 10): only an admin (or superadmin) grants admin,
 * only a superadmin grants superadmin; the congregation roles are granted by
 * anyone who manages members. The same rule guards taking a role away: a
 * pastor cannot demote or delete an admin.
 */
export function canGrantRole(actor: Principal | null | undefined, role: string): boolean {
  if (!actor || !can(actor, 'members:manage')) return false;
  if (role === 'superadmin') return actor.role === 'superadmin';
  if (role === 'admin') return actor.role === 'admin' || actor.role === 'superadmin';
  return (CONGREGATION_ROLES as readonly string[]).includes(role);
}

/** The roles this person may hand out, in the order the pages list them. */
export function grantableRoles(actor: Principal | null | undefined): Role[] {
  return MEMBER_PAGE_ROLES.filter((r) => canGrantRole(actor, r));
}

/**
 * Seniority, for acting on another person's account (issue 29, finding 5): the congregation roles in the
 * order of ROLES, then admin and superadmin; a developer ranks as a member. Someone's login e-mail (where
 * their password reset goes) is changed by staff only when the actor ranks above them: a pastor not
 * another pastor's, an admin not another admin's, the superadmin anyone's but another superadmin's.
 */
export const ROLE_RANK: Record<Role, number> = {
  member: 0,
  developer: 0,
  volunteer: 1,
  deacon: 2,
  elder: 3,
  pastor: 4,
  admin: 5,
  superadmin: 6,
};
const rankOf = (role: string) => (isRole(role) ? ROLE_RANK[role] : 0);

/** Does the actor rank above the person (never above a peer)? */
export function outranks(actor: Principal | null | undefined, target: Principal): boolean {
  return !!actor && rankOf(actor.role) > rankOf(target.role);
}
