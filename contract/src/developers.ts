import { z } from 'zod';
import { entityIds } from './http';
import { API_KEY_PERMISSIONS, PRICING_TIERS } from './developer-tiers';
export * from './developer-tiers';

/** The prefix secret scanners look for (spec: a recognisable prefix). */
export const API_KEY_PREFIX = 'chk_live_';
export const API_KEY_PATTERN = /^chk_live_[0-9A-Za-z]{32}[0-9A-Za-z]{6}$/;

const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const planSchema = z
  .object({
    id: z.enum(PRICING_TIERS),
    name: z.string(),
    priceMonthly: z.number().describe('USD per month'),
    priceYearly: z.number().nullable().describe('USD per year (null for free)'),
    requestsPerMonth: z.number().int(),
    requestsPerHour: z.number().int(),
    webhooks: z.number().int().nullable().describe('How many webhooks a key of this tier allows; null = unlimited'),
    retentionDays: z.number().int(),
    retentionLabel: z.string(),
    permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
    popular: z.boolean(),
    keyExpiresAfterDays: z.number().int().nullable(),
    features: z.array(z.string()),
  })
  .describe('Plan');
export const plansResponse = z.object({
  status: z.literal('success'),
  data: z.object({
    plans: z.array(planSchema),
    payPerUse: z.object({ perExtraRequest: z.number(), storagePerMbMonth: z.number(), prioritySupportMonthly: z.number() }),
    trialDays: z.number().int(),
    currency: z.literal('USD'),
  }),
});

export const apiKeySchema = z
  .object({
    ...entityIds,
    name: z.string(),
    description: z.string(),
    pricingTier: z.enum(PRICING_TIERS),
    permissions: z.array(z.enum(API_KEY_PERMISSIONS)).describe("What the key may do now (Free's until a paid plan is approved; see planStatus)"),
    planStatus: z
      .enum(['free', 'approved', 'pending'])
      .describe('free; approved (the church approved the paid plan); pending (a paid plan waiting for approval: the key works as Free until then)'),
    approvedAt: z.string().nullable(),
    rateLimit: z.object({ requestsPerHour: z.number().int(), requestsPerMonth: z.number().int() }),
    usage: z.object({
      monthlyRequests: z.number().int(),
      totalRequests: z.number().int(),
      lastUsed: z.string().nullable(),
      currentPeriodStart: z.string(),
    }),
    usageStats: z.object({ requestsThisMonth: z.number().int() }),
    keyPreview: z.string().describe("The prefix and last four characters, e.g. 'chk_live_…a1B2'"),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    isActive: z.boolean(),
    revokedAt: z.string().nullable(),
  })
  .describe('ApiKey');
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: trimmed(500, 'Description').optional().default(''),
  pricingTier: z.enum(PRICING_TIERS, { error: `pricingTier must be one of: ${PRICING_TIERS.join(', ')}` }).default('free'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

export const apiKeysResponse = z.object({ status: z.literal('success'), data: z.object({ apiKeys: z.array(apiKeySchema) }) });
export const createdApiKeyResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    apiKey: apiKeySchema.extend({ key: z.string().describe('The full key. Shown once: it is not stored and cannot be shown again.') }),
  }),
});

/** A paid key awaiting the church's approval (Admin Panel, API plans). */
export const apiPlanRequestSchema = z
  .object({
    ...entityIds,
    name: z.string(),
    description: z.string(),
    pricingTier: z.enum(PRICING_TIERS),
    planStatus: z.literal('pending'),
    createdAt: z.string(),
    developer: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      company: z.string().nullable(),
      website: z.string().nullable(),
      projectDescription: z.string().nullable().describe('What the developer said they are building, at registration'),
    }),
    monthlyRequests: z.number().int(),
  })
  .describe('ApiPlanRequest');
export type ApiPlanRequest = z.infer<typeof apiPlanRequestSchema>;
export const apiPlanRequestsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ requests: z.array(apiPlanRequestSchema) }),
});

export const verifyApiKeyRequest = z.object({
  apiKey: z.string({ error: 'Please enter your API key' }).trim().min(1, 'Please enter your API key').max(200, 'That API key is not valid'),
});
export const verifyApiKeyResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ apiKey: apiKeySchema.pick({ id: true, name: true, pricingTier: true, permissions: true, expiresAt: true }) }),
});

/** A person as an API key sees them: deliberately minimal — no care notes, no giving, no address or birthday. */
export const publicMemberSchema = z
  .object({
    ...entityIds,
    name: z.string(),
    role: z.string(),
    status: z.string(),
    isVolunteer: z.boolean(),
    joinDate: z.string(),
    ministryInterests: z.array(z.string()),
  })
  .describe('PublicMember');
export const publicMembersResponse = z.object({
  status: z.literal('success'),
  data: z.object({ members: z.array(publicMemberSchema), page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

/** Every API key of the church, with its owner (Admin Panel, Developers): what the church needs to stop a developer. */
export const adminApiKeySchema = apiKeySchema
  .extend({
    owner: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      role: z.string(),
      accountEnabled: z.boolean().describe('False once the church disabled the account: none of its keys works'),
    }),
  })
  .describe('AdminApiKey');
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;
export const adminApiKeysQuery = z.object({
  include: z.enum(['live', 'all']).default('live').describe('live: keys not revoked; all: revoked keys too'),
});
export const adminApiKeysResponse = z.object({
  status: z.literal('success'),
  data: z.object({ apiKeys: z.array(adminApiKeySchema) }),
});
export const developerAccessRequest = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }).describe('False disables the developer account: it cannot sign in and none of its keys works'),
});
export type DeveloperAccessRequest = z.infer<typeof developerAccessRequest>;
