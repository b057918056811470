import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's authenticator-app secret (TOTP, RFC 6238; issue 29). Sealed with a key derived from the server
 * secret (lib/seal.ts), so a database dump or backup cannot mint codes. `confirmedAt` is null while an
 * enrolment waits for its first code; `lastStep` is the last accepted time-step: a code of that step or an
 * earlier one is refused, so one code cannot be used twice.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TwoFactorSecretRow = typeof twoFactorSecrets.$inferSelect;

/** Single-use recovery codes: only a SHA-256 of each is kept (like password_reset_tokens). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);
