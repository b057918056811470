import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_TEXTS, EMAIL_CHANGE_TTL_HOURS, MEMBER_TEXTS, type PendingEmailChange } from '@church/contract/members-manage';
import { outranks, type Principal } from '@church/contract/roles';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/client';
import { emailChangeRequests, users, type UserRow } from '../../db/schema/index';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { MAIL_SECRET_SLOT, type Mailer } from '../../lib/mailer';
import { randomToken, sha256 } from '../../lib/tokens';
import { recordAudit, type AuditActor } from '../audit/audit';

export interface EmailChangeActor extends AuditActor, Principal {
  actorId: string;
}

/** Shows an address without handing it to whoever reads the notice: 'n…@example.org'. */
const masked = (email: string) => {
  const [local, domain] = email.split('@');
  return `${(local ?? '').slice(0, 1)}…@${domain ?? ''}`;
};

/**
 * THE rule for a change of someone else's login e-mail (issue 29, finding 5), on every route that can make
 * one (the members page, the public API's PUT /members/{id}, the CSV import, the merge):
 *
 * - only someone who ranks above the person (contract/roles.ts ROLE_RANK): never a peer or someone higher;
 * - one's own e-mail changes only on the profile, with the current password (members/routes.ts);
 * - for someone who can sign in (has a password), the change waits for the NEW address to confirm it with a
 *   single-use, expiring link (only its hash is stored); the OLD address is told at once and again when it
 *   happens; when it happens the database moves the token version on (migration 0015) and announces it
 *   (0029), so every session and socket of the person ends;
 * - for someone who has never signed in (no password: a child, a paper visitor card), the e-mail is only a
 *   contact detail and where an invitation would go, and staff who may change their record change it at
 *   once: there is no account to take over, and an invitation sent there is the staff's own act, audited.
 */
export function assertMayChangeEmail(actor: EmailChangeActor, target: Pick<UserRow, 'id' | 'role'>) {
  if (actor.actorId === target.id) throw badRequest(MEMBER_TEXTS.emailOwnOnProfile);
  if (!outranks(actor, target)) throw forbidden(MEMBER_TEXTS.emailPeerNotAllowed);
}

/** Needs confirmation by the new address: the person signs in with their e-mail. */
export const signsIn = (target: Pick<UserRow, 'passwordHash'>) => target.passwordHash !== null;

export function createEmailChanges(d: { db: Db; mailer: Pick<Mailer, 'send'>; publicUrl: string }) {
  const linkOf = (token: string) => `${d.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  const live = and(isNull(emailChangeRequests.confirmedAt), isNull(emailChangeRequests.cancelledAt), gt(emailChangeRequests.expiresAt, sql`now()`));

  return {
    /**
     * Asks the new address to confirm (in the caller's transaction: the mails are sent only if it commits) and
     * tells the old one. Replaces an earlier unconfirmed request. The caller checked assertMayChangeEmail.
     */
    async request(tx: DbOrTx, actor: EmailChangeActor, target: UserRow, newEmail: string) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
      if (taken) throw conflict(MEMBER_TEXTS.emailExists);
      await tx
        .update(emailChangeRequests)
        .set({ cancelledAt: new Date() })
        .where(and(eq(emailChangeRequests.userId, target.id), isNull(emailChangeRequests.confirmedAt), isNull(emailChangeRequests.cancelledAt)));
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
      await tx.insert(emailChangeRequests).values({ userId: target.id, newEmail, tokenHash: sha256(token), requestedBy: actor.actorId, expiresAt });
      await d.mailer.send(
        {
          to: newEmail,
          kind: 'email-change-confirm',
          subject: 'Confirm your new e-mail address',
          secret: linkOf(token),
          text: `Hello ${target.name},\n\n${actor.actorName} at the church changed the e-mail you sign in with to this address. It takes effect once you confirm it here (the link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours):\n\n${MAIL_SECRET_SLOT}\n\nIf this is not your account, ignore this mail: nothing changes.`,
        },
        { tx },
      );
      if (target.email)
        await d.mailer.send(
          {
            to: target.email,
            kind: 'email-change-notice',
            subject: 'A change of your sign-in e-mail was requested',
            text: `Hello ${target.name},\n\n${actor.actorName} at the church asked to change the e-mail you sign in with to ${masked(newEmail)}. It takes effect only when that address confirms it. If you did not ask for this, contact the church office now: until it is confirmed, nothing has changed.`,
          },
          { tx },
        );
      await recordAudit(tx, {
        ...actor,
        action: 'member.email_change_requested',
        entityType: 'user',
        entityId: target.id,
        summary: `Asked ${newEmail} to confirm it as the login e-mail of ${target.name}`,
        before: { email: target.email },
        after: { pendingEmail: newEmail },
      });
      return { email: newEmail, requestedAt: new Date().toISOString(), expiresAt: expiresAt.toISOString() };
    },

    /** The person's unconfirmed, unexpired request, if any. */
    async pending(userId: string): Promise<PendingEmailChange | null> {
      const [row] = await d.db
        .select()
        .from(emailChangeRequests)
        .where(and(eq(emailChangeRequests.userId, userId), live))
        .orderBy(desc(emailChangeRequests.createdAt))
        .limit(1);
      return row ? { email: row.newEmail, requestedAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() } : null;
    },

    /** Drops any unconfirmed request of the person (their e-mail was set another way). */
    async cancel(tx: DbOrTx, userId: string) {
      await tx
        .update(emailChangeRequests)
        .set({ cancelledAt: new Date() })
        .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.confirmedAt), isNull(emailChangeRequests.cancelledAt)));
    },

    /** The new address confirmed: the e-mail changes, the person's sessions end (database triggers), the old address is told. */
    async confirm(token: string, ip: string) {
      try {
        return await d.db.transaction(async (tx) => {
          const [req] = await tx
            .update(emailChangeRequests)
            .set({ confirmedAt: new Date() })
            .where(and(eq(emailChangeRequests.tokenHash, sha256(token)), live))
            .returning();
          if (!req) throw badRequest(EMAIL_CHANGE_TEXTS.invalid);
          const [before] = await tx
            .select()
            .from(users)
            .where(and(eq(users.id, req.userId), isNull(users.erasedAt)))
            .for('update');
          if (!before) throw badRequest(EMAIL_CHANGE_TEXTS.invalid);
          const [after] = await tx.update(users).set({ email: req.newEmail }).where(eq(users.id, before.id)).returning();
          await recordAudit(tx, {
            actorId: before.id,
            actorName: before.name,
            actorRole: before.role,
            ip,
            action: 'member.email_changed',
            entityType: 'user',
            entityId: before.id,
            summary: `${req.newEmail} confirmed it as the login e-mail of ${before.name}`,
            before: { email: before.email },
            after: { email: req.newEmail },
          });
          if (before.email)
            await d.mailer.send(
              {
                to: before.email,
                kind: 'email-change-notice',
                subject: 'Your sign-in e-mail was changed',
                text: `Hello ${before.name},\n\nThe e-mail you sign in with is now ${masked(req.newEmail)}, and you were signed out everywhere. If you did not expect this, contact the church office now.`,
              },
              { tx },
            );
          return after!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_CHANGE_TEXTS.taken);
        throw err;
      }
    },
  };
}
export type EmailChanges = ReturnType<typeof createEmailChanges>;
