import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Single-use password reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters shared by every server instance (they live in the
 * database, not in memory, so a load balancer cannot be used to dodge them).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Secrets generated on first start and shared by all instances on one PostgreSQL. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per sign-in (issue 29, "sign out everywhere"): the token carries the row's id (`sid`) and is
 * refused once the row is revoked or gone, on every instance (plugins/auth.ts). last_used_at moves at most
 * once every few minutes (SESSION_TOUCH_MS), not per request. The device is a short summary of the
 * browser's user agent; the address is truncated (IPv4 /24, IPv6 /48), enough to recognise "home" or
 * "church" without keeping where the person is.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its token expires (the token's own exp): a session past it is over without being revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    device: text('device').notNull().default(''),
    ipPrefix: text('ip_prefix'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastUsedAt)],
);
export type UserSessionRow = typeof userSessions.$inferSelect;
