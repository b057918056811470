import {
  API_KEY_PREFIX,
  TIERS,
  effectiveTier,
  keyPermissions,
  keyPlanStatus,
  type ApiKey,
  type PricingTier,
} from '@church/contract/developers';
import type { ApiKeyWithUsage } from './keys-repository';
import { monthWindow } from './windows';

const tierOf = (t: string): PricingTier => (t in TIERS ? (t as PricingTier) : 'free');

/** Row → the API key the contract promises. Never the hash; the key itself only in the creation response. */
export function presentApiKey(row: ApiKeyWithUsage, now = new Date()): ApiKey {
  const tier = TIERS[tierOf(row.tier)];
  const plan = { tier: tier.id, createdAt: row.createdAt, approvedAt: row.approvedAt };
  // The limits shown are the ones enforced now (a paid plan waiting for approval has Free's), as are the permissions.
  const limits = TIERS[effectiveTier(plan)];
  const expired = !!row.expiresAt && row.expiresAt.getTime() <= now.getTime();
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    pricingTier: tier.id,
    permissions: [...keyPermissions(plan)],
    planStatus: keyPlanStatus(plan),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    rateLimit: { requestsPerHour: limits.requestsPerHour, requestsPerMonth: limits.requestsPerMonth },
    usage: {
      monthlyRequests: row.monthlyRequests,
      totalRequests: row.totalRequests,
      lastUsed: row.lastUsedAt?.toISOString() ?? null,
      currentPeriodStart: monthWindow(now).start.toISOString(),
    },
    usageStats: { requestsThisMonth: row.monthlyRequests },
    keyPreview: `${API_KEY_PREFIX}…${row.keyLast4}`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isActive: !row.revokedAt && !expired,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
