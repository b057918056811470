import { z } from 'zod';

/**
 * The person's sign-ins (issue 29, "sign out everywhere"): one per sign-in, each with its device and last use;
 * they may end any one of them, or every one but this.
 */
export const sessionSchema = z.object({
  id: z.uuid(),
  /** A short summary of the browser and system, e.g. "Firefox · Windows"; empty when unknown. */
  device: z.string(),
  /** The address it signed in from, truncated (IPv4 /24, IPv6 /48); null when unknown. */
  ipPrefix: z.string().nullable(),
  createdAt: z.string(),
  /** Moved at most once every few minutes, not per request. */
  lastUsedAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSchema>;

/** This session first, then the others by last use. */
export const sessionsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ sessions: z.array(sessionSchema) }),
});

export const sessionIdParams = z.object({ id: z.uuid({ error: 'That is not a session id' }) });

export const sessionsEndedResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** How many sessions this ended. */
  ended: z.number().int().nonnegative(),
});

export const SESSION_TEXTS = {
  notFound: 'That session was not found, or it has already ended.',
  ended: 'Signed out of that session.',
  othersEnded: 'Signed out of every other session.',
  allEnded: 'Signed out everywhere.',
  loggedOut: 'Signed out.',
} as const;
