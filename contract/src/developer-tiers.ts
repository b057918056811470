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
