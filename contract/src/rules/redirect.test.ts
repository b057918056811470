import { describe, expect, it } from 'vitest';
import { dashboardFor, isMobileWidth, postLoginDestination } from './redirect';

describe('postLoginDestination (spec 000 §4)', () => {
  it('1. goes to a remembered destination other than / and /login', () => {
    expect(postLoginDestination({ role: 'pastor' }, { remembered: '/mobile/giving', isMobile: false })).toBe('/mobile/giving');
    expect(postLoginDestination({ role: 'member' }, { remembered: '/', isMobile: false })).toBe('/dashboard');
    expect(postLoginDestination({ role: 'member' }, { remembered: '/login', isMobile: true })).toBe('/mobile/dashboard');
  });
  it('ignores a remembered destination that is not a path on this site', () => {
    expect(postLoginDestination({ role: 'member' }, { remembered: 'https://evil.example', isMobile: false })).toBe('/dashboard');
    expect(postLoginDestination({ role: 'member' }, { remembered: '//evil.example/x', isMobile: false })).toBe('/dashboard');
  });
  it('2. sends pastors, admins and elders (whom the pastor dashboard admits) to /pastor-dashboard', () => {
    for (const role of ['pastor', 'admin', 'superadmin', 'elder'])
      expect(postLoginDestination({ role }, { isMobile: true })).toBe('/pastor-dashboard');
  });
  it('3. sends others on a phone to /mobile/dashboard, 4. else /dashboard', () => {
    expect(postLoginDestination({ role: 'deacon' }, { isMobile: true })).toBe('/mobile/dashboard');
    expect(postLoginDestination({ role: 'member' }, { isMobile: false })).toBe('/dashboard');
  });
});

describe('mobile breakpoint', () => {
  it('is 768 px or less', () => {
    expect(isMobileWidth(768)).toBe(true);
    expect(isMobileWidth(769)).toBe(false);
    expect(dashboardFor(true)).toBe('/mobile/dashboard');
  });
});
