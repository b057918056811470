import { describe, expect, it } from 'vitest';
import { effectiveTier, keyPermissions, keyPlanStatus, keyRefusal, PLAN_TERMS, TIERS, TRIAL_DAYS } from './developer-tiers';

const created = new Date('2030-01-01T00:00:00Z');

describe('a paid plan without the church’s approval (issue 29, finding 7)', () => {
  const k = { tier: 'enterprise' as const, createdAt: created, approvedAt: null };

  it('works exactly as a Free key from its first request: limits, permissions and the reason for a refusal', () => {
    expect(keyPlanStatus(k)).toBe('pending');
    expect(effectiveTier(k)).toBe('free');
    expect(TIERS[effectiveTier(k)].requestsPerHour).toBe(100);
    expect(keyPermissions(k)).toEqual(TIERS.free.permissions);
    expect(keyRefusal(k, 'read:chat')).toMatch(/Enterprise plan waits for the church's approval; until then the key has the Free plan/);
    expect(keyRefusal(k, 'write:events')).toMatch(/waits for the church's approval/);
  });

  it('approved, has every permission and limit of its tier, for good', () => {
    const approved = { ...k, approvedAt: created };
    expect(keyPlanStatus(approved)).toBe('approved');
    expect(effectiveTier(approved)).toBe('enterprise');
    expect(keyPermissions(approved)).toEqual(TIERS.enterprise.permissions);
  });

  it('a Free key is neither pending nor waiting for anything', () => {
    const free = { tier: 'free' as const, createdAt: created, approvedAt: null };
    expect(keyPlanStatus(free)).toBe('free');
    expect(keyRefusal(free, 'read:chat')).toMatch(/Free plan does not include read:chat\. Upgrade/);
  });

  it(`the pricing terms say the ${TRIAL_DAYS}-day free trial starts at approval`, () => {
    expect(PLAN_TERMS.trial).toMatch(/until the church approves it the key works as a Free key/i);
  });
});
