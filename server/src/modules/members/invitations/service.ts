import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { startSession } from '../../auth/sessions';
import { INVITATION_TEXTS, INVITATION_TTL_DAYS, type InvitationChannel, type InvitationCreated } from '@church/contract/invitations';
import { isUniqueViolation, type Db } from '../../../db/client';
import { memberInvitations, users, type UserRow } from '../../../db/schema/index';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { MAIL_SECRET_SLOT, type Mailer } from '../../../lib/mailer';
import { hashPassword } from '../../../lib/passwords';
import type { RateLimiter } from '../../../lib/rate-limiter';
import { randomToken, sha256, type TokenService } from '../../../lib/tokens';
import { recordAudit, type AuditActor } from '../../audit/audit';
import { congregation } from '../repository';

interface Deps {
  db: Db;
  mailer: Pick<Mailer, 'send' | 'smtpConfigured'>;
  limiter: RateLimiter;
  tokens: TokenService;
  publicUrl: string;
  churchName: () => Promise<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tries of an invitation link per connection per quarter hour: enough for a person, too few to guess one. */
const TRIES_PER_IP = 30;

/** A WhatsApp share link: to the person's own number when it is a real one, otherwise the share sheet. */
export function whatsappUrl(phone: string | null, text: string) {
  const to = phone && /^\+[1-9]\d{6,14}$/.test(phone) ? phone.slice(1) : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

const live = (hash: string) =>
  and(
    eq(memberInvitations.tokenHash, hash),
    isNull(memberInvitations.usedAt),
    isNull(memberInvitations.revokedAt),
    gt(memberInvitations.expiresAt, sql`now()`),
  );

export function createInvitations(d: Deps) {
  const linkOf = (token: string) => `${d.publicUrl}/invitation?token=${encodeURIComponent(token)}`;

  async function create(actor: AuditActor & { actorId: string }, memberId: string, channel: InvitationChannel): Promise<InvitationCreated> {
    const church = await d.churchName();
    return d.db.transaction(async (tx) => {
      const [m] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, memberId), congregation))
        .for('update');
      if (!m) throw notFound('Member not found');
      if (m.passwordHash) throw conflict(INVITATION_TEXTS.hasAccount);
      if (channel === 'email' && !m.email) throw badRequest(INVITATION_TEXTS.noEmail);
      if (channel === 'email' && !d.mailer.smtpConfigured) throw conflict(INVITATION_TEXTS.noSmtp);
      // One live invitation per person: a new one replaces the earlier links.
      await tx
        .update(memberInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(memberInvitations.userId, m.id), isNull(memberInvitations.usedAt), isNull(memberInvitations.revokedAt)));
      const token = randomToken(32);
      const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
      await tx.insert(memberInvitations).values({ userId: m.id, tokenHash: sha256(token), channel, invitedBy: actor.actorId, expiresAt });
      const link = linkOf(token);
      if (channel === 'email') {
        // The link is the mail's secret: the stored copy only marks its place (lib/mailer.ts).
        await d.mailer.send(
          {
            to: m.email!,
            kind: 'invitation',
            subject: `You are invited to ${church}'s member portal`,
            secret: link,
            text:
              `Hello ${m.name},\n\n${actor.actorName} invites you to ${church}'s member portal, where you can see events, ` +
              `give, ask for prayer and keep your details up to date.\n\nOpen this link within ${INVITATION_TTL_DAYS} days to choose your password:\n\n` +
              `${MAIL_SECRET_SLOT}\n\nThe link works once. If you did not expect this, you can ignore this e-mail.\n`,
          },
          { tx },
        );
      }
      await recordAudit(tx, {
        ...actor,
        action: 'member.invited',
        entityType: 'user',
        entityId: m.id,
        summary: `Invited ${m.name} to the member portal ${channel === 'email' ? `by e-mail (${m.email})` : 'with a link'}`,
        after: { channel, expiresAt: expiresAt.toISOString() },
      });
      return {
        channel,
        expiresAt: expiresAt.toISOString(),
        email: channel === 'email' ? m.email : null,
        link: channel === 'link' ? link : null,
        whatsappUrl:
          channel === 'link' ? whatsappUrl(m.phone, INVITATION_TEXTS.whatsapp(m.name.split(/\s+/)[0] ?? m.name, church, link)) : null,
      };
    });
  }

  async function info(token: string, ip: string) {
    await d.limiter.consume(`invite:ip:${ip}`, TRIES_PER_IP, 15 * 60_000, 'Too many attempts. Please wait and try again.');
    const [row] = await d.db
      .select({ name: users.name, email: users.email, expiresAt: memberInvitations.expiresAt })
      .from(memberInvitations)
      .innerJoin(users, eq(users.id, memberInvitations.userId))
      .where(and(live(sha256(token)), isNull(users.erasedAt), isNull(users.passwordHash)));
    if (!row) throw badRequest(INVITATION_TEXTS.invalid);
    return { name: row.name, email: row.email, needsEmail: !row.email, expiresAt: row.expiresAt.toISOString() };
  }

  /** Sets the password (and the e-mail, for someone recorded without one), uses the link up, and signs the person in. */
  async function accept(input: { token: string; password: string; email?: string }, ip: string, userAgent?: string) {
    await d.limiter.consume(`invite:ip:${ip}`, TRIES_PER_IP, 15 * 60_000, 'Too many attempts. Please wait and try again.');
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await d.db.transaction(async (tx) => {
        const [inv] = await tx
          .update(memberInvitations)
          .set({ usedAt: new Date() })
          .where(live(sha256(input.token)))
          .returning();
        if (!inv) throw badRequest(INVITATION_TEXTS.invalid);
        const [m] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, inv.userId), congregation))
          .for('update');
        // Someone with a second factor signs in through it (issue 29): an invitation never hands them a session.
        if (!m || m.passwordHash || m.twoFactorEnabledAt) throw badRequest(INVITATION_TEXTS.invalid);
        const email = m.email ?? input.email;
        if (!email) throw badRequest(INVITATION_TEXTS.emailNeeded);
        const [after] = await tx
          .update(users)
          .set({ email, passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, m.id))
          .returning();
        await tx
          .update(memberInvitations)
          .set({ revokedAt: new Date() })
          .where(and(eq(memberInvitations.userId, m.id), isNull(memberInvitations.usedAt), isNull(memberInvitations.revokedAt)));
        await recordAudit(tx, {
          actorId: m.id,
          actorName: m.name,
          actorRole: m.role,
          ip,
          action: 'member.invitation_accepted',
          entityType: 'user',
          entityId: m.id,
          summary: `${m.name} accepted the invitation and set a password${m.email ? '' : ` (e-mail ${email} added)`}`,
          ...(m.email ? {} : { before: { email: null }, after: { email } }),
        });
        return after!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(INVITATION_TEXTS.emailTaken);
      throw err;
    }
    return { user, token: await startSession(d.db, d.tokens, user, { ip, userAgent }) };
  }

  return { create, info, accept };
}
export type Invitations = ReturnType<typeof createInvitations>;
