import { z } from 'zod';
import { GRANTABLE_PERMISSIONS, type GrantablePermission } from './roles';

/**
 * PUT /members/{id}/permissions: the grantable permissions this person should
 * hold from now on (the whole set: an empty list takes them all away).
 * Permissions outside GRANTABLE_PERMISSIONS that the account carries (a
 * developer's 'api:access') are left as they are.
 */
export const memberPermissionsRequest = z.object({
  permissions: z
    .array(z.enum(GRANTABLE_PERMISSIONS, { error: `A permission must be one of: ${GRANTABLE_PERMISSIONS.join(', ')}` }))
    .max(20)
    .transform((list) => GRANTABLE_PERMISSIONS.filter((p) => list.includes(p)))
    .describe('The grantable permissions the person holds after this call, beside what their role gives'),
});
export type MemberPermissionsRequest = z.input<typeof memberPermissionsRequest>;

/** How the member page and the audit log name each grantable permission. */
export const GRANTABLE_PERMISSION_TEXTS: Record<GrantablePermission, { label: string; description: string }> = {
  'finance:read': {
    label: 'See giving',
    description: 'Open Giving and Donations to read figures, donors, batches and tax certificates, without changing anything.',
  },
  'finance:manage': {
    label: 'Treasurer',
    description:
      'Record cash and EFT gifts in batches and close them, refund or correct gifts, issue section 18A certificates, and keep the tax and banking details. Includes seeing giving.',
  },
};

export const PERMISSION_TEXTS = {
  title: 'Finance access',
  intro:
    'Make this person the church’s treasurer, or let them see giving, without changing their role. Pastors and administrators have this through their role already.',
  updated: 'Permissions updated',
  unchanged: 'Nothing changed',
  failed: 'Failed to update permissions',
  notYourself: 'You cannot change your own permissions. Ask another administrator.',
  onlyAdmins: 'Only an administrator can change these',
  fromRole: (role: string) => `Given by the ${role} role`,
  includedIn: (label: string) => `Included in ${label}`,
} as const;
