import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { MANAGEMENT_NAV, isNavItemActive, navFor } from './management-nav';

const labels = (role: string) => navFor({ role }).flatMap((g) => g.items.map((i) => i.label));

describe('management navigation', () => {
  it('lists every management page once', () => {
    const all = MANAGEMENT_NAV.flatMap((g) => g.items.map((i) => i.to));
    expect(new Set(all).size).toBe(all.length);
    for (const p of [paths.pastorDashboard, paths.members, paths.visitors, paths.inbox, paths.messages, paths.permissions, paths.admin]) {
      expect(all).toContain(p);
    }
  });

  it('shows elders the pastor dashboard, and the check-in station they may staff', () => {
    expect(labels('elder')).toEqual(['Dashboard', 'Check-in']);
  });

  it('hides the admin panel from pastors and shows it to admins', () => {
    expect(labels('pastor')).toContain('Members');
    expect(labels('pastor')).not.toContain('Admin');
    expect(labels('admin')).toContain('Admin');
    expect(labels('superadmin')).toContain('Admin');
  });

  it('shows nothing to members; deacons and volunteers only the check-in station (issue 33)', () => {
    expect(labels('member')).toEqual([]);
    expect(labels('deacon')).toEqual(['Check-in']);
    expect(labels('volunteer')).toEqual(['Check-in']);
  });

  it('shows a deacon granted finance the two finance pages beside the check-in station', () => {
    const items = navFor({ role: 'deacon', permissions: ['finance:manage', 'finance:read'] }).flatMap((g) => g.items.map((i) => i.label));
    expect(items).toEqual(['Check-in', 'Giving', 'Donations']);
  });

  it('marks nested pages active, but the public sermon library only on its own path', () => {
    const members = MANAGEMENT_NAV[1]!.items[0]!;
    expect(isNavItemActive(members, '/members/edit/1')).toBe(true);
    expect(isNavItemActive(members, '/membership')).toBe(false);
    const library = MANAGEMENT_NAV.flatMap((g) => g.items).find((i) => i.to === paths.sermons)!;
    expect(isNavItemActive(library, '/sermons/upload')).toBe(false);
  });
});
