import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/index';

export function createAuthRepository(db: Db) {
  return {
    findUserByEmail: async (email: string) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],
    findUserById: async (id: string) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
    /** Inserts the account; `after` runs in the same transaction (e.g. recording the member.created event). */
    insertUser: (values: typeof users.$inferInsert, after?: (tx: DbOrTx, user: typeof users.$inferSelect) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        const user = (await tx.insert(users).values(values).returning())[0]!;
        await after?.(tx, user);
        return user;
      }),
    setPassword: async (userId: string, passwordHash: string, tx: DbOrTx = db) =>
      (
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, userId))
          .returning()
      )[0]!,
    insertResetToken: (userId: string, tokenHash: string, expiresAt: Date) =>
      db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt }),
    /** Marks the token used and returns it, only if it was unused and unexpired — atomically, so it works once. */
    consumeResetToken: async (tokenHash: string, tx: DbOrTx = db) =>
      (
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning()
      )[0],
    transaction: db.transaction.bind(db),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
