/**
 * WHAT EACH ROLE MAY DO, WRITTEN FROM THE ROLES' DESCRIPTIONS — not from the guards (issue 29, "Prove").
 *
 * The authorization matrix checks every route against route-access.ts, whose rules name permissions
 * that contract/src/roles.ts grants: a permission granted too widely, or a guard copied into
 * route-access.ts with the same mistake, passes there. The two tables below are kept by hand from the
 * prose (spec 000 §1 and §6, spec 001 §1, spec 002 §2.2, the permission comments in roles.ts and the
 * issues that added a role's duties) and reviewed as prose, so a change to the permission table or to a
 * guard that contradicts them fails:
 *
 * - ROLE_DUTIES: for each role, the permissions its description gives it. roles-expectations.test.ts
 *   compares `can()` with it for every role × permission (superadmin may do everything).
 * - NEVER: families of routes a role must never get through, whatever route-access.ts says. The matrix
 *   compares the real answers with it (401 or 403 for each listed role on each route of the family).
 *
 * Change these only when the product's description of a role changes; say why beside the line.
 */
import type { Permission, Role } from '@church/contract/roles';

/** What the spec and the roles' descriptions give each role (superadmin: everything, not listed). */
export const ROLE_DUTIES: Record<Exclude<Role, 'superadmin'>, readonly Permission[]> = {
  // A member of the congregation: their own profile, giving, prayers, events and chat — nothing of anyone else's.
  member: [],
  // Volunteers and deacons serve on Sunday: they staff the check-in door (issue 33), and see no one's records.
  volunteer: ['checkin:staff'],
  deacon: ['checkin:staff'],
  // Elders lead (spec 000 §1): the pastor dashboard's figures, the directory, prayer moderation, who comes to
  // events, visitors and contact messages, announcements in chat, the door. Never pastoral care notes, never
  // money, never the management pages (spec 002 §2.2: those need pastor, admin or superadmin).
  elder: [
    'pastor:dashboard',
    'members:read',
    'prayers:moderate',
    'events:attendees',
    'visitors:read',
    'contact:read',
    'chat:announce',
    'checkin:staff',
  ],
  // Pastors (spec 000 §6 admin-type; spec 001 §1 "review giving"): every management page and pastoral care,
  // church settings, reading the books (totals and who gave, unless the church hides named giving from them),
  // but not keeping the books, not the administrator's panel, not deleting events, not the church's payment
  // account, not developers, backups or granting permissions.
  pastor: [
    'pastor:dashboard',
    'church:manage',
    'church:insights',
    'members:read',
    'members:manage',
    'prayers:moderate',
    'events:attendees',
    'visitors:read',
    'contact:read',
    'settings:write',
    'chat:initialize',
    'chat:announce',
    'events:manage',
    'care:notes',
    'people:roles',
    'finance:read',
    'giving:named',
    'messages:send',
    'analytics:read',
    'reports:export',
    'services:manage',
    'checkin:manage',
    'checkin:staff',
    'groups:manage',
  ],
  // Administrators run the church office: everything a pastor does, plus the books, the Admin Panel (users,
  // audit, mail log, health, security), developers and their plans, the payment account, granting a treasurer.
  // Not a backup: it holds every password hash, the superadmin's too (issue 17).
  admin: [
    'pastor:dashboard',
    'church:manage',
    'church:insights',
    'members:read',
    'members:manage',
    'prayers:moderate',
    'events:attendees',
    'visitors:read',
    'contact:read',
    'settings:write',
    'chat:initialize',
    'chat:announce',
    'events:manage',
    'events:delete',
    'care:notes',
    'people:roles',
    'finance:read',
    'giving:named',
    'finance:manage',
    'payments:configure',
    'messages:send',
    'analytics:read',
    'reports:export',
    'services:manage',
    'checkin:manage',
    'checkin:staff',
    'groups:manage',
    'outbox:read',
    'bible:import',
    'admin:panel',
    'audit:read',
    'api-plans:approve',
    'developers:manage',
    'ops:read',
    'permissions:grant',
  ],
  // A developer (spec 002 §2.2) builds on the public API: the developer portal, nothing of the church's data.
  developer: ['api:access'],
};

export interface NeverRule {
  /** Routes whose "METHOD /path" matches. */
  match: (route: string) => boolean;
  /** Roles that must be refused (401 or 403) on every matching route. */
  roles: readonly Role[];
  why: string;
}

const CONGREGATION = ['member', 'volunteer', 'deacon', 'developer'] as const;
const path = (route: string) => route.slice(route.indexOf(' ') + 1);
const under =
  (...prefixes: string[]) =>
  (route: string) =>
    prefixes.some((p) => path(route) === p || path(route).startsWith(`${p}/`));
const isWrite = (route: string) => !route.startsWith('GET ');
/** Named giving and the books; a person's own gifts, certificates and tax details are elsewhere (…/mine, /user-*). */
const BOOKS = [
  '/api/donations',
  '/api/giving/batches',
  '/api/giving/bank-statements',
  '/api/giving/bank-statement-lines',
  '/api/giving/donors',
  '/api/giving/reports',
  '/api/giving/goals',
  '/api/giving/it3d',
  '/api/giving/tax-settings',
  '/api/giving/payment-account',
];
const books = (route: string) =>
  under(...BOOKS)(route) ||
  (under('/api/giving/certificates')(route) && !/^GET \/api\/giving\/certificates\/(mine|:id\/pdf)$/.test(route)) ||
  (under('/api/giving/statements')(route) && route !== 'GET /api/giving/statements/mine');

export const NEVER: readonly NeverRule[] = [
  {
    match: under('/api/admin', '/api/ops', '/api/outbox'),
    roles: [...CONGREGATION, 'elder', 'pastor'],
    why: "the Admin Panel, operations and the mail log are the church office's (administrators)",
  },
  {
    match: under('/api/care'),
    roles: [...CONGREGATION, 'elder'],
    why: 'pastoral care notes are confidential: never elders, deacons or members (roles.ts care:notes)',
  },
  {
    match: books,
    roles: [...CONGREGATION, 'elder'],
    why: 'who gave what is for those who review or keep the books (issue 29, finding 2: elders see no named giving)',
  },
  {
    match: (route) => books(route) && isWrite(route),
    roles: ['pastor'],
    why: 'pastors review giving; the office keeps the books (spec 001 §1; finance:manage)',
  },
  {
    match: under('/api/giving/payment-account'),
    roles: ['pastor'],
    why: 'whoever sets the merchant account could send every card gift elsewhere: administrators only',
  },
  {
    match: (route) => under('/api/messages')(route) && !under('/api/messages/unsubscribe')(route),
    roles: [...CONGREGATION, 'elder'],
    why: 'bulk messages go out in the church’s name from the management pages (spec 002 §2.2)',
  },
  {
    // One's own profile, preferences, data export and e-mail confirmation are not someone else's record.
    match: (route) =>
      under('/api/members')(route) &&
      isWrite(route) &&
      !under('/api/members/profile', '/api/members/preferences', '/api/members/email-change')(route),
    roles: [...CONGREGATION, 'elder'],
    why: "changing other people's records is a management page (members:manage); elders read the directory only",
  },
  {
    match: under('/api/settings'),
    roles: [...CONGREGATION, 'elder'],
    why: "the church's settings are the admin-type roles' (spec 000 §6)",
  },
];

/** The public routes a NEVER family holds on purpose (anyone may call them): left out of the check. */
export const NEVER_EXCEPT = new Set<string>([
  'GET /api/settings/public',
  'GET /api/settings/church-info',
  'GET /api/settings/logo/:file',
  'GET /api/settings/images/:file',
]);
