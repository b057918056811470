import { and, eq, isNull, sql } from 'drizzle-orm';
import { TWO_FACTOR_CHALLENGE_TTL_MS, TWO_FACTOR_TEXTS } from '@church/contract/two-factor';
import type { Db } from '../../db/client';
import { twoFactorRecoveryCodes, twoFactorSecrets, users, type UserRow } from '../../db/schema/index';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { Sealer } from '../../lib/seal';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { AuthService } from '../auth/service';
import type { SessionOrigin, SessionService } from '../auth/sessions';
import { acceptedStep, createChallenges, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp';

interface Deps {
  db: Db;
  auth: AuthService;
  sessions: SessionService;
  sealer: Sealer;
  mailer: Mailer;
  /** Signs the sign-in challenges (derived from the server secret). */
  challengeKey: Buffer;
  /** The name authenticator apps show beside the code. */
  issuer: () => Promise<string>;
  now?: () => number;
}

/**
 * Two-factor sign-in (issue 29). The password step (auth service) hands a person with a factor a challenge
 * instead of a token; this service turns a challenge and a right code into the session, through the one
 * `issue` every sign-in uses.
 */
export function createTwoFactorService(d: Deps) {
  const now = d.now ?? Date.now;
  const challenges = createChallenges(d.challengeKey, TWO_FACTOR_CHALLENGE_TTL_MS);
  const wrongCode = () => badRequest(TWO_FACTOR_TEXTS.wrongCode);

  const secretOf = async (userId: string) =>
    (await d.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1))[0];
  const open = (sealed: string) => {
    const secret = d.sealer.open(sealed);
    // Sealed under another server secret: the factor cannot be checked; an administrator must reset it.
    if (!secret)
      throw new HttpError(409, 'Your authenticator app can no longer be checked here. Ask an administrator to reset two-factor sign-in.');
    return secret;
  };

  /** Checks a code against the person's secret and remembers its step, in one statement, so two requests cannot both use it. */
  async function useCode(userId: string, code: string, confirmed: boolean): Promise<number | null> {
    const row = await secretOf(userId);
    if (!row || Boolean(row.confirmedAt) !== confirmed) return null;
    const step = acceptedStep(open(row.secretSealed), code, row.lastStep, now());
    if (step === null) return null;
    const moved = await d.db
      .update(twoFactorSecrets)
      .set({ lastStep: step })
      .where(
        and(eq(twoFactorSecrets.userId, userId), sql`(${twoFactorSecrets.lastStep} is null or ${twoFactorSecrets.lastStep} < ${step})`),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return moved.length ? step : null;
  }

  async function useRecoveryCode(userId: string, code: string): Promise<true | null> {
    const used = await d.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date(now()) })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return used.length ? true : null;
  }

  /** New recovery codes replace the old (in the transaction that makes them); the plain codes leave once. */
  async function replaceRecoveryCodes(tx: Pick<Db, 'delete' | 'insert'>, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
    return codes;
  }

  async function codesLeft(userId: string) {
    const [row] = await d.db
      .select({ n: sql<number>`count(*)::int` })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  return {
    /** What login answers a person with a factor: a challenge, never a token. */
    challenge: (user: Pick<UserRow, 'id' | 'tokenVersion'>) => challenges.sign(user, now()),

    async status(user: Pick<UserRow, 'id' | 'twoFactorEnabledAt'>) {
      return {
        enabled: Boolean(user.twoFactorEnabledAt),
        enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
        recoveryCodesLeft: user.twoFactorEnabledAt ? await codesLeft(user.id) : 0,
      };
    },

    /** A new secret, waiting for its first code; shown now and never again. Starting over replaces a pending one. */
    async startEnrolment(user: UserRow) {
      if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_TEXTS.alreadyEnabled);
      if (!user.passwordHash) throw badRequest(TWO_FACTOR_TEXTS.noPassword);
      const secret = newTotpSecret();
      const secretSealed = d.sealer.seal(secret);
      await d.db
        .insert(twoFactorSecrets)
        .values({ userId: user.id, secretSealed })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secretSealed, confirmedAt: null, lastStep: null, createdAt: new Date(now()) },
        });
      return { secret, otpauthUri: otpauthUri(secret, user.email ?? user.name, await d.issuer()) };
    },

    /**
     * The first right code turns the factor on, makes the recovery codes and ends every other session of the
     * person (a session opened with the password alone must not outlive the new rule).
     */
    async confirmEnrolment(user: UserRow, code: string, keepSid: string | undefined) {
      if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_TEXTS.alreadyEnabled);
      const pending = await secretOf(user.id);
      if (!pending || pending.confirmedAt) throw badRequest(TWO_FACTOR_TEXTS.notEnrolling);
      await d.auth.secondFactorAttempt(user.id, undefined, () => useCode(user.id, code, false), wrongCode);
      const codes = await d.db.transaction(async (tx) => {
        await tx
          .update(twoFactorSecrets)
          .set({ confirmedAt: new Date(now()) })
          .where(eq(twoFactorSecrets.userId, user.id));
        await tx
          .update(users)
          .set({ twoFactorEnabledAt: new Date(now()) })
          .where(eq(users.id, user.id));
        return replaceRecoveryCodes(tx, user.id);
      });
      await d.sessions.endAll(user.id, keepSid);
      return codes;
    },

    /** Turning it off needs the password and a code: a borrowed session alone cannot. */
    async disable(user: UserRow, password: string, code: string) {
      if (!user.twoFactorEnabledAt) throw badRequest(TWO_FACTOR_TEXTS.notEnabled);
      await d.auth.confirmCurrentPassword(user, password);
      await d.auth.secondFactorAttempt(user.id, undefined, () => useCode(user.id, code, true), wrongCode);
      await removeFactor(d.db, user.id);
    },

    async regenerateRecoveryCodes(user: UserRow, code: string) {
      if (!user.twoFactorEnabledAt) throw badRequest(TWO_FACTOR_TEXTS.notEnabled);
      await d.auth.secondFactorAttempt(user.id, undefined, () => useCode(user.id, code, true), wrongCode);
      return d.db.transaction((tx) => replaceRecoveryCodes(tx, user.id));
    },

    /** The second step of sign-in: a right code (or an unused recovery code) and the session is issued as login would. */
    async login(input: { challenge: string; code?: string; recoveryCode?: string }, ip: string, from: SessionOrigin) {
      const claims = challenges.verify(input.challenge, now());
      if (!claims) throw unauthorized(TWO_FACTOR_TEXTS.challengeExpired);
      const [user] = await d.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
      // The password changed, the account was disabled, or the factor was reset since: begin again.
      if (!user || user.tokenVersion !== claims.tv || !user.isActive || !user.twoFactorEnabledAt)
        throw unauthorized(TWO_FACTOR_TEXTS.challengeExpired);
      if (input.recoveryCode !== undefined)
        await d.auth.secondFactorAttempt(
          user.id,
          ip,
          () => useRecoveryCode(user.id, input.recoveryCode!),
          () => unauthorized(TWO_FACTOR_TEXTS.wrongRecoveryCode),
        );
      else
        await d.auth.secondFactorAttempt(
          user.id,
          ip,
          () => useCode(user.id, input.code ?? '', true),
          () => unauthorized(TWO_FACTOR_TEXTS.wrongCode),
        );
      return { user, token: await d.auth.issue(user, from) };
    },

    /** An administrator resets someone's factor (a lost phone): audited, the person told, their sessions ended. */
    async reset(actor: AuditActor, targetId: string) {
      const target = await d.db.transaction(async (tx) => {
        const [row] = await tx.select().from(users).where(eq(users.id, targetId)).limit(1).for('update');
        if (!row || row.erasedAt) throw notFound('That person was not found.');
        if (!row.twoFactorEnabledAt) throw badRequest(TWO_FACTOR_TEXTS.notEnabled);
        await removeFactor(tx, targetId);
        await recordAudit(tx, {
          ...actor,
          action: 'user.two_factor_reset',
          entityType: 'user',
          entityId: targetId,
          summary: `${actor.actorName} reset two-factor sign-in of ${row.name}`,
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false },
        });
        return row;
      });
      await d.sessions.endAll(targetId);
      if (target.email)
        await d.mailer.send({
          to: target.email,
          kind: 'two-factor-reset',
          subject: 'Two-factor sign-in was reset on your account',
          text: `Hello ${target.name},\n\n${actor.actorName} reset two-factor sign-in on your church account, and every session was signed out. Sign in with your password and set up your authenticator app again under Profile › Security.\n\nIf you did not ask for this, contact the church office at once.`,
        });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

async function removeFactor(db: Pick<Db, 'delete' | 'update'>, userId: string) {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.update(users).set({ twoFactorEnabledAt: null }).where(eq(users.id, userId));
}
