import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { RecipientType } from '@church/contract/messaging';
import { users } from '../../db/schema/index';
import { congregation } from '../members/repository';

/**
 * Who a recipient type means, as one SQL condition on users (spec 001 §9):
 *  - all: the whole congregation (every account except developer-only ones);
 *  - active / inactive / visitors: the member's status (an account switched
 *    off by an administrator counts as inactive, never as active);
 *  - volunteers: as the Volunteers page lists them (role volunteer, deacon or
 *    elder, or the volunteer flag);
 *  - leaders: as the Leadership page lists them (pastor, elder, deacon).
 */
export function audienceWhere(type: RecipientType): SQL {
  const by: Record<RecipientType, SQL | undefined> = {
    all: undefined,
    active: and(eq(users.status, 'active'), eq(users.isActive, true)),
    inactive: or(eq(users.status, 'inactive'), eq(users.isActive, false)),
    visitors: and(eq(users.status, 'visitor'), eq(users.isActive, true)),
    volunteers: and(or(inArray(users.role, ['volunteer', 'deacon', 'elder']), eq(users.isVolunteer, true)), eq(users.isActive, true)),
    leaders: and(inArray(users.role, ['pastor', 'elder', 'deacon']), eq(users.isActive, true)),
  };
  const extra = by[type];
  return (extra ? and(congregation, extra) : congregation)!;
}

/** The merge fields replaced in SQL, per recipient row (`name` is the recipient's full name). */
export function mergeSql(template: string, name: SQL, churchName: string): SQL {
  return sql`replace(replace(${template}::text, '{firstName}', split_part(trim(${name}), ' ', 1)), '{churchName}', ${churchName}::text)`;
}

/** The first name {firstName} stands for: the first word of the full name. */
export const firstName = (name: string) => name.trim().split(' ')[0] ?? '';

/**
 * A template with {churchName} filled in, cut at each {firstName}: `parts.join(first)` renders it for
 * one recipient, so a message to thousands is prepared once rather than searched once per person.
 */
export function splitTemplate(template: string, churchName: string): string[] {
  return template.split('{firstName}').map((part) => part.split('{churchName}').join(churchName));
}

/** The same in JavaScript (the preview). */
export function merge(template: string, name: string, churchName: string): string {
  return splitTemplate(template, churchName).join(firstName(name));
}
