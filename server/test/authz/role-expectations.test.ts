import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES, type Permission } from '@church/contract/roles';
import { ROLE_DUTIES } from './role-expectations';

/**
 * The permission table (contract/src/roles.ts) against what each role's description gives it
 * (role-expectations.ts, kept by hand): a permission granted to one role too many fails here, though the
 * authorization matrix, which reads the same table, would pass it.
 */
describe('the permission table against the roles’ descriptions', () => {
  const permissions = Object.keys(PERMISSIONS) as Permission[];

  it('names only permissions that exist', () => {
    for (const duties of Object.values(ROLE_DUTIES)) for (const p of duties) expect(permissions).toContain(p);
  });

  it('gives each role exactly the permissions its description gives it (superadmin: all)', () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const p of permissions) {
        const expected = role === 'superadmin' || ROLE_DUTIES[role].includes(p);
        if (can({ role }, p) !== expected) wrong.push(`${role} ${expected ? 'lacks' : 'has'} ${p}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
