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
const DAY_MS = 86_400_000;

/**
 * Spec §2.8 "paid plans claim a 14-day free trial", made true without a payment provider: a key on
 * a paid tier has that tier's limits and webhooks for TRIAL_DAYS from its creation, but only its
 * read permissions — anyone may register as a developer, so writing into the church's data waits
 * for the church. After the trial it is held to the Free tier (limits, permissions, no webhooks)
 * until the church approves the plan (an administrator on the Admin Panel's API plans tab; a key
 * made by someone who may approve is approved at once).
 */
export interface KeyPlan {
  tier: PricingTier;
  createdAt: Date | string;
  approvedAt: Date | string | null;
}

/** When the trial of an unapproved paid key ends; null for a free key or an approved one. */
export function trialEndsAt(k: KeyPlan): Date | null {
  if (k.tier === 'free' || k.approvedAt) return null;
  return new Date(new Date(k.createdAt).getTime() + TRIAL_DAYS * DAY_MS);
}

/** The tier a key has now: its own, or Free once an unapproved trial is over. */
export function effectiveTier(k: KeyPlan, now: number = Date.now()): PricingTier {
  const ends = trialEndsAt(k);
  return ends && now >= ends.getTime() ? 'free' : k.tier;
}

export type KeyPlanStatus = 'free' | 'approved' | 'trial' | 'trial-ended';

/** Where a key stands: a Free key, an approved plan, an unapproved trial, or a trial that ended unapproved. */
export function keyPlanStatus(k: KeyPlan, now: number = Date.now()): KeyPlanStatus {
  if (k.tier === 'free') return 'free';
  if (k.approvedAt) return 'approved';
  return now < trialEndsAt(k)!.getTime() ? 'trial' : 'trial-ended';
}

const isRead = (p: ApiKeyPermission) => p.startsWith('read:');

/** What a key may do now: its tier's permissions once approved, only their reads during a trial, Free's after it. */
export function keyPermissions(k: KeyPlan, now: number = Date.now()): readonly ApiKeyPermission[] {
  const status = keyPlanStatus(k, now);
  if (status === 'trial') return TIERS[k.tier].permissions.filter(isRead);
  return TIERS[effectiveTier(k, now)].permissions;
}

/** The answer to a keyed call its key may not make now: says why, and what to do about it. */
export function keyRefusal(k: KeyPlan, permission: ApiKeyPermission, now: number = Date.now()): string {
  const status = keyPlanStatus(k, now);
  const name = TIERS[k.tier].name;
  if (status === 'trial' && TIERS[k.tier].permissions.includes(permission))
    return `This API key's ${name} plan is in its ${TRIAL_DAYS}-day trial, which is read-only: ${permission} needs the church to approve the plan. Ask the church office to approve it (Admin Panel, API plans).`;
  if (status === 'trial-ended' && TIERS[k.tier].permissions.includes(permission))
    return `This API key's ${name} trial has ended without the church's approval, so the key has the Free plan, which does not include ${permission}. Ask the church office to approve the plan (Admin Panel, API plans).`;
  return `This API key's ${TIERS[effectiveTier(k, now)].name} plan does not include ${permission}. Upgrade the key's plan at /pricing to use this endpoint.`;
}

/**
 * What a plan really means here, said the same on the pricing page, in the API docs and when a key is
 * made (no payment provider: nothing is charged by the platform, and no key ever passes its limits).
 */
export const PLAN_TERMS = {
  trial: `Paid plans start with a ${TRIAL_DAYS}-day trial of the plan's limits that may only read. The church approves the plan once its billing is arranged with the church office; from then the key may also write (as far as its owner's role allows) and keeps the plan after the trial. Without approval the key continues on the Free plan when the trial ends.`,
  freeExpiry: 'A Free key expires after 30 days; create a new one to continue.',
  retention:
    'Usage is kept for analytics for as long as the plan says (Free 7 days, Basic 30 days, Professional 90 days, Enterprise 1 year) and deleted after that; a trial that ended unapproved keeps 7 days.',
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
