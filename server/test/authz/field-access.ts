/**
 * WHICH RESPONSE FIELDS EACH CALLER SEES — the field level of the authorization matrix (issue 29).
 * The matrix (authorization-matrix.test.ts) records the response keys of every GET route that answers
 * 200 to several roles, and checks that
 *   - a key listed here appears exactly for the roles holding its permission (the presenter leaves it out,
 *     never zeroes it, for the others), and
 *   - every other key is the same for every role the route answers: a field that differs by role and is
 *     not listed here fails the test.
 * Keys are dotted paths from the top of the answer; `[]` stands for "each item of the list"
 * (data.members[].email).
 *
 * How to add an entry: when your route shows some parts only to some roles, add
 * `'GET /api/your/route': { 'data.part': 'permission:name' },` with the permission the presenter asks for
 * (callerPermissions / callerCan in plugins/auth.ts). The expected answer comes from the role table in
 * contract/src/roles.ts, so a permission change there moves this check by itself.
 */
import { PASTOR_DASHBOARD_FIELDS } from '@church/contract/pastor-dashboard';
import type { Permission } from '@church/contract/roles';

const under = (prefix: string, fields: Record<string, Permission>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v]));

export const FIELD_ACCESS: Record<string, Record<string, Permission>> = {
  // Elders have the dashboard but not finance:read; named giving may further be withheld from pastors.
  'GET /api/dashboard/pastor': under('data', PASTOR_DASHBOARD_FIELDS),
  // The church-wide totals for every church:insights caller; who gave what only with giving:named.
  'GET /api/giving': { 'data.donations': 'giving:named' },
  // The directory: pastoral notes and the last pastoral contact for the care team only (members/presenter).
  'GET /api/members': { 'data.members[].notes': 'care:notes', 'data.members[].lastContacted': 'care:notes' },
  'GET /api/members/search': { 'data.members[].notes': 'care:notes', 'data.members[].lastContacted': 'care:notes' },
};
