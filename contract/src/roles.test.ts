import { describe, expect, it } from 'vitest';
import { ADMIN_TYPE_ROLES, can, isAdminType, isLeader, PASTOR_DASHBOARD_ROLES, PASTOR_PAGE_ROLES, ROLES, roleBadgeLabel } from './roles';

describe('role groups', () => {
  it('has the eight roles of the spec', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'deacon', 'developer', 'elder', 'member', 'pastor', 'superadmin', 'volunteer']);
  });
  it('admin-type is admin, pastor, superadmin', () => {
    expect([...ADMIN_TYPE_ROLES].sort()).toEqual(['admin', 'pastor', 'superadmin']);
    expect(isAdminType({ role: 'elder' })).toBe(false);
  });
  it('the pastor dashboard also admits elders; other pastor pages do not', () => {
    expect(PASTOR_DASHBOARD_ROLES).toContain('elder');
    expect(PASTOR_PAGE_ROLES).not.toContain('elder');
    expect(isLeader({ role: 'elder' })).toBe(true);
  });
});

describe('can', () => {
  it('follows the table', () => {
    expect(can({ role: 'pastor' }, 'church:manage')).toBe(true);
    expect(can({ role: 'elder' }, 'church:manage')).toBe(false);
    expect(can({ role: 'elder' }, 'pastor:dashboard')).toBe(true);
    expect(can({ role: 'member' }, 'prayers:moderate')).toBe(false);
    expect(can({ role: 'deacon' }, 'chat:initialize')).toBe(false);
  });
  it('lets superadmin do everything', () => {
    expect(can({ role: 'superadmin' }, 'api:access')).toBe(true);
    expect(can({ role: 'superadmin' }, 'outbox:read')).toBe(true);
  });
  it('grants api:access to developers and to users who carry the permission', () => {
    expect(can({ role: 'developer' }, 'api:access')).toBe(true);
    expect(can({ role: 'member' }, 'api:access')).toBe(false);
    expect(can({ role: 'member', permissions: ['api:access'] }, 'api:access')).toBe(true);
  });
  it('a granted finance:manage includes finance:read; nothing else grants more than itself', () => {
    expect(can({ role: 'deacon', permissions: ['finance:manage'] }, 'finance:read')).toBe(true);
    expect(can({ role: 'deacon', permissions: ['finance:manage'] }, 'finance:manage')).toBe(true);
    expect(can({ role: 'deacon', permissions: ['finance:read'] }, 'finance:manage')).toBe(false);
    expect(can({ role: 'deacon', permissions: ['finance:manage'] }, 'permissions:grant')).toBe(false);
    expect(can({ role: 'pastor' }, 'permissions:grant')).toBe(false);
    expect(can({ role: 'admin' }, 'permissions:grant')).toBe(true);
  });
  it('refuses nobody-signed-in', () => expect(can(null, 'church:manage')).toBe(false));
});

describe('roleBadgeLabel', () => {
  it('shows Pastor for pastor and superadmin, Administrator for admin, and every other role by its own name', () => {
    expect(roleBadgeLabel('pastor')).toBe('Pastor');
    expect(roleBadgeLabel('superadmin')).toBe('Pastor');
    expect(roleBadgeLabel('admin')).toBe('Administrator');
    expect(roleBadgeLabel('elder')).toBe('Elder');
    expect(roleBadgeLabel('deacon')).toBe('Deacon');
    expect(roleBadgeLabel('volunteer')).toBe('Volunteer');
    expect(roleBadgeLabel('developer')).toBe('Developer');
    expect(roleBadgeLabel('member')).toBe('Member');
    expect(roleBadgeLabel('someone-else')).toBe('Member');
  });
});
