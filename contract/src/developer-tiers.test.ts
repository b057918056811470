import { describe, expect, it } from 'vitest';
import { effectiveTier, keyPermissions, keyPlanStatus, keyRefusal, TIERS, TRIAL_DAYS } from './developer-tiers';

const DAY = 86_400_000;
const created = new Date('2030-01-01T00:00:00Z');
const at = (days: number) => created.getTime() + days * DAY;

describe('a paid plan without the church’s approval', () => {
  const k = { tier: 'professional' as const, createdAt: created, approvedAt: null };

  it(`is a read-only trial of its tier for ${TRIAL_DAYS} days, to the millisecond`, () => {
    expect(keyPlanStatus(k, at(TRIAL_DAYS) - 1)).toBe('trial');
    expect(effectiveTier(k, at(TRIAL_DAYS) - 1)).toBe('professional');
    expect(keyPermissions(k, at(1))).toEqual(['read:members', 'read:events', 'read:sermons', 'read:chat']);
    expect(keyRefusal(k, 'write:events', at(1))).toMatch(/trial, which is read-only: write:events needs the church to approve/);
  });

  it('then has the Free plan, and says why', () => {
    expect(keyPlanStatus(k, at(TRIAL_DAYS))).toBe('trial-ended');
    expect(effectiveTier(k, at(TRIAL_DAYS))).toBe('free');
    expect(keyPermissions(k, at(TRIAL_DAYS))).toEqual(TIERS.free.permissions);
    expect(keyRefusal(k, 'read:chat', at(TRIAL_DAYS + 1))).toMatch(/trial has ended without the church's approval/);
  });

  it('approved, has every permission of its tier, for good', () => {
    const approved = { ...k, approvedAt: created };
    expect(keyPlanStatus(approved, at(400))).toBe('approved');
    expect(keyPermissions(approved, at(400))).toEqual(TIERS.professional.permissions);
  });

  it('a Free key is neither a trial nor waiting for anything', () => {
    const free = { tier: 'free' as const, createdAt: created, approvedAt: null };
    expect(keyPlanStatus(free, at(100))).toBe('free');
    expect(keyRefusal(free, 'read:chat', at(1))).toMatch(/Free plan does not include read:chat\. Upgrade/);
  });
});
