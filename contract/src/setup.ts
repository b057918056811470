import { z } from 'zod';
import { emailField, nameField, newPasswordField } from './auth';
import { serviceSchema } from './site-content';

/**
 * First run (issue 30): an install without an administrator is set up from
 * the browser at /setup. The setup code is printed in the server's log when
 * it starts without one, so only whoever runs the server can claim it.
 */
export const SETUP_TEXTS = {
  done: 'Your church is set up',
  alreadySetUp: 'This church is already set up: sign in instead',
  badCode: 'The setup code is not right: it is printed in the server log when the server starts',
} as const;

export const setupStatusResponse = z.object({
  status: z.literal('success'),
  data: z.object({ needed: z.boolean().describe('True until the first administrator exists') }),
});

export const setupRequest = z.object({
  code: z.string().trim().max(40, SETUP_TEXTS.badCode).describe("The code in the server's log"),
  churchName: z.string().trim().min(1, 'Church name is required').max(120, 'must be 120 characters or less'),
  timeZone: z
    .string()
    .max(60)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'time zone must be an IANA name such as Africa/Johannesburg'),
  founded: z
    .number()
    .int()
    .min(1800, 'founded must be a year after 1800')
    .max(2100, 'founded must be a year before 2100')
    .nullable()
    .default(null)
    .describe('Left out: the home page shows no founding year until one is entered in settings'),
  services: z.array(serviceSchema).max(30, 'At most 30 services').default([]),
  admin: z.object({ name: nameField, email: emailField, password: newPasswordField }),
});
export type SetupRequest = z.input<typeof setupRequest>;
