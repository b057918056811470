/**
 * The developer pricing tiers (spec 002 §6 and §9), kept once: the pricing
 * page, GET /api/pricing/plans, GET /api/plans and the server's enforcement
 * of permissions and limits all read this table.
 */
export const API_KEY_PERMISSIONS = [
  'read:members',
  'write:members',
  'read:events',
  'write:events',
  'read:sermons',
  'write:sermons',
  'read:chat',
  'write:chat',
] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export const PRICING_TIERS = ['free', 'basic', 'professional', 'enterprise'] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

export interface TierDefinition {
  id: PricingTier;
  name: string;
  /** USD per month; yearly is null for the free tier. */
  priceMonthly: number;
  priceYearly: number | null;
  requestsPerMonth: number;
  requestsPerHour: number;
  /** null means unlimited. */
  webhooks: number | null;
  retentionDays: number;
  retentionLabel: string;
  permissions: readonly ApiKeyPermission[];
  popular: boolean;
  /** Days until a key of this tier expires by itself (spec §2.7: a free demo key expires after 30 days). */
  keyExpiresAfterDays: number | null;
  features: readonly string[];
}

const READ_BASIC: readonly ApiKeyPermission[] = ['read:members', 'read:events', 'read:sermons'];

export const TIERS: Record<PricingTier, TierDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    priceMonthly: 0,
    priceYearly: null,
    requestsPerMonth: 1_000,
    requestsPerHour: 100,
    webhooks: 0,
    retentionDays: 7,
    retentionLabel: '7 days',
    permissions: READ_BASIC,
    popular: false,
    keyExpiresAfterDays: 30,
    features: ['Read members, events and sermons', '1,000 requests per month', '100 requests per hour', '7 days of analytics'],
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    priceMonthly: 19.99,
    priceYearly: 199.99,
    requestsPerMonth: 10_000,
    requestsPerHour: 500,
    webhooks: 3,
    retentionDays: 30,
    retentionLabel: '30 days',
    permissions: [...READ_BASIC, 'read:chat'],
    popular: false,
    keyExpiresAfterDays: null,
    features: [
      'Everything in Free, plus chat rooms',
      '10,000 requests per month',
      '500 requests per hour',
      '3 webhooks',
      '30 days of analytics',
    ],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    priceMonthly: 49.99,
    priceYearly: 499.99,
    requestsPerMonth: 50_000,
    requestsPerHour: 1_000,
    webhooks: 10,
    retentionDays: 90,
    retentionLabel: '90 days',
    permissions: API_KEY_PERMISSIONS,
    popular: true,
    keyExpiresAfterDays: null,
    features: [
      'Read and write members, events, sermons and chat',
      '50,000 requests per month',
      '1,000 requests per hour',
      '10 webhooks',
      '90 days of analytics',
    ],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceMonthly: 199.99,
    priceYearly: 1999.99,
    requestsPerMonth: 200_000,
    requestsPerHour: 5_000,
    webhooks: null,
    retentionDays: 365,
    retentionLabel: '1 year',
    permissions: API_KEY_PERMISSIONS,
    popular: false,
    keyExpiresAfterDays: null,
    features: [
      'Everything in Professional',
      '200,000 requests per month',
      '5,000 requests per hour',
      'Unlimited webhooks',
      '1 year of analytics',
    ],
  },
};

/** Spec §9 pay-per-use rates (USD). */
export const PAY_PER_USE = {
  perExtraRequest: 0.001,
  storagePerMbMonth: 0.1,
  prioritySupportMonthly: 49,
} as const;

/** Spec §2.8. */
export const TRIAL_DAYS = 14;

/**
 * Spec §2.8 "paid plans claim a 14-day free trial", made true without a payment provider. Anyone may
 * register as a developer, so a paid plan's limits, permissions and webhooks apply only once the
 * church approves it (an administrator on the Admin Panel's API plans tab; a key made by someone who
 * may approve is approved at once). Until then the key works exactly as a Free key (issue 29,
 * finding 7: an unapproved "trial" with 5,000 requests an hour was enough to probe the directory).
 * The free trial is the plan's first TRIAL_DAYS after approval, which the church office does not bill.
 */
export interface KeyPlan {
  tier: PricingTier;
  createdAt: Date | string;
  approvedAt: Date | string | null;
}

/** The tier a key has now: its own once approved (Free needs no approval), else Free. */
export function effectiveTier(k: KeyPlan): PricingTier {
  return k.tier === 'free' || k.approvedAt ? k.tier : 'free';
}

export type KeyPlanStatus = 'free' | 'approved' | 'pending';

/** Where a key stands: a Free key, an approved paid plan, or a paid plan waiting for the church (Free until then). */
export function keyPlanStatus(k: KeyPlan): KeyPlanStatus {
  if (k.tier === 'free') return 'free';
  return k.approvedAt ? 'approved' : 'pending';
}

/** What a key may do now: its tier's permissions once approved, Free's until then. */
export function keyPermissions(k: KeyPlan): readonly ApiKeyPermission[] {
  return TIERS[effectiveTier(k)].permissions;
}

/** The answer to a keyed call its key may not make now: says why, and what to do about it. */
export function keyRefusal(k: KeyPlan, permission: ApiKeyPermission): string {
  if (keyPlanStatus(k) === 'pending' && TIERS[k.tier].permissions.includes(permission))
    return `This API key's ${TIERS[k.tier].name} plan waits for the church's approval; until then the key has the Free plan, which does not include ${permission}. Ask the church office to approve it (Admin Panel, API plans).`;
  return `This API key's ${TIERS[effectiveTier(k)].name} plan does not include ${permission}. Upgrade the key's plan at /pricing to use this endpoint.`;
}

/**
 * What a plan really means here, said the same on the pricing page, in the API docs and when a key is
 * made (no payment provider: nothing is charged by the platform, and no key ever passes its limits).
 */
export const PLAN_TERMS = {
  trial: `A paid plan applies once the church approves it, when its billing is arranged with the church office; its first ${TRIAL_DAYS} days are a free trial. Until the church approves it the key works as a Free key (Free's limits and permissions, no webhooks).`,
  freeExpiry: 'A Free key expires after 30 days; create a new one to continue.',
  retention:
    'Usage is kept for analytics for as long as the plan says (Free 7 days, Basic 30 days, Professional 90 days, Enterprise 1 year) and deleted after that; a paid key waiting for approval keeps 7 days, as Free.',
  limits:
    'Limits are enforced per key: a request beyond the hourly or monthly limit is answered 429 with a Retry-After header. Nothing is charged automatically: the pay-per-use rates apply only to extra capacity arranged with the church office.',
} as const;

export const YEARLY_SAVING_LABEL = 'Save 16%';

export function tierAllows(tier: PricingTier, permission: ApiKeyPermission): boolean {
  return TIERS[tier].permissions.includes(permission);
}

/** Spec §2.7: the usage bar is green up to 75 %, yellow above 75 %, red above 90 %. */
export function usageColor(percent: number): 'green' | 'yellow' | 'red' {
  if (percent > 90) return 'red';
  if (percent > 75) return 'yellow';
  return 'green';
}
