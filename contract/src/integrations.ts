import { z } from 'zod';
import { entityIds } from './http';

/**
 * Spec 002 §3 'Integration': id, name, description, category, status
 * (available, connected, coming_soon), connectedSince, logo.
 *
 * The catalogue is code, not data: an integration is `available` only when
 * the platform really has what it connects to (the public REST API, signed
 * webhooks). Everything else is listed as coming_soon and cannot be connected
 * — the server refuses it too — rather than pretending.
 */
export const INTEGRATION_CATEGORIES = ['Core', 'Automation', 'Calendar', 'Email', 'Communication', 'Church management'] as const;

export interface IntegrationDefinition {
  id: string;
  name: string;
  description: string;
  category: (typeof INTEGRATION_CATEGORIES)[number];
  /** An icon name the web app maps to a picture (no third-party logos are bundled). */
  logo: string;
  /** Whether a real connection exists behind it today. */
  live: boolean;
  /** Where a connected developer sets it up (web path), for live integrations. */
  setupPath?: string;
}

export const INTEGRATIONS: readonly IntegrationDefinition[] = [
  {
    id: 'rest-api',
    name: 'Church REST API',
    description: 'Read members, events, sermons and chat rooms from your own app with an API key.',
    category: 'Core',
    logo: 'api',
    live: true,
    setupPath: '/developers/api-keys',
  },
  {
    id: 'webhooks',
    name: 'Signed webhooks',
    description: 'Receive member, donation, event and prayer changes at your HTTPS endpoint, signed per Standard Webhooks.',
    category: 'Automation',
    logo: 'webhook',
    live: true,
    setupPath: '/developers/webhooks',
  },
  {
    id: 'zapier',
    name: 'Zapier',
    description: 'Start Zaps when a member joins or a gift arrives.',
    category: 'Automation',
    logo: 'bolt',
    live: false,
  },
  {
    id: 'google-calendar',
    name: 'Google Calendar',
    description: 'Publish church events to a shared Google calendar.',
    category: 'Calendar',
    logo: 'calendar',
    live: false,
  },
  {
    id: 'mailchimp',
    name: 'Mailchimp',
    description: 'Keep a Mailchimp audience in step with members who agreed to e-mail.',
    category: 'Email',
    logo: 'mail',
    live: false,
  },
  {
    id: 'slack',
    name: 'Slack',
    description: 'Post approved prayer requests and new events to a Slack channel.',
    category: 'Communication',
    logo: 'message',
    live: false,
  },
  {
    id: 'planning-center',
    name: 'Planning Center',
    description: 'Sync people and volunteer teams with Planning Center.',
    category: 'Church management',
    logo: 'users',
    live: false,
  },
];

export const INTEGRATION_STATUSES = ['available', 'connected', 'coming_soon'] as const;

export const integrationSchema = z
  .object({
    ...entityIds,
    name: z.string(),
    description: z.string(),
    category: z.string(),
    status: z.enum(INTEGRATION_STATUSES),
    connectedSince: z.string().nullable(),
    logo: z.string(),
    setupPath: z.string().nullable(),
  })
  .describe('Integration');
export type Integration = z.infer<typeof integrationSchema>;

export const integrationIdParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(60, { error: 'That integration id is not valid', abort: true })
    .regex(/^[a-z0-9-]+$/, 'That integration id is not valid'),
});
export const integrationsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ integrations: z.array(integrationSchema) }),
});
export const integrationResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ integration: integrationSchema }),
});
