import type { FastifyBaseLogger } from 'fastify';
import { RESET_TOKEN_TTL_MS } from '@church/contract/auth';
import type { z } from 'zod';
import type { registerRequest } from '@church/contract/auth';
import { WRONG_CURRENT_PASSWORD } from '@church/contract/members';
import { SECURITY_TEXTS } from '@church/contract/security-settings';
import { isUniqueViolation } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/errors';
import { MAIL_SECRET_SLOT, type Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { randomToken, sha256, type TokenService } from '../../lib/tokens';
import type { AuthRepository } from './repository';
import type { Db } from '../../db/client';
import { startSession, type SessionOrigin } from './sessions';
import { noEvents, type EmitEvent } from '../../events/domain-events';
import { memberObject } from '../../events/objects';
import { forRecipient } from '../../lib/i18n';
import { SOURCE_LOCALE, type Locale } from '@church/contract/i18n/locales';

interface Deps {
  db: Db;
  repo: AuthRepository;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  login: { maxPerIp: number; maxPerAccount: number; accountCeiling: number; windowMs: number; signupsPerIpPerHour: number };
  /** Records member.created (events/domain-events.ts). */
  emit?: EmitEvent;
  /** Whether the church accepts new developer accounts (security settings: developerSelfRegistration); yes when absent. */
  developerRegistrationOpen?: () => Promise<boolean>;
  /** The language a person is written to in (lib/i18n.ts recipientLocale); English when absent. */
  language?: (user: UserRow) => Promise<{ locale: Locale; timeZone: string }>;
}

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please sign in instead.';

export function createAuthService(d: Deps) {
  /** A new session (sign-in) and its token: every sign-in path ends here. */
  const issue = (user: UserRow, from: SessionOrigin) => startSession(d.db, d.tokens, user, from);

  async function register(input: z.output<typeof registerRequest>, ip: string, from: SessionOrigin = { ip }) {
    // Like the other public forms: one address cannot mint accounts by the dozen (e.g. to fill an event).
    await d.limiter.consume(
      `register:ip:${ip}`,
      d.login.signupsPerIpPerHour,
      60 * 60_000,
      'Too many accounts created from this connection. Please try again later.',
    );
    const isDeveloper = input.role === 'developer';
    // A church may close its developer portal to newcomers (issue 29): anyone could otherwise register and take keys.
    if (isDeveloper && d.developerRegistrationOpen && !(await d.developerRegistrationOpen()))
      throw new HttpError(403, SECURITY_TEXTS.developerRegistrationClosed);
    if (await d.repo.findUserByEmail(input.email)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await d.repo.insertUser(
        {
          name: input.name,
          email: input.email,
          passwordHash,
          phone: input.phone ?? null,
          address: input.address ?? null,
          role: isDeveloper ? 'developer' : 'member',
          permissions: isDeveloper ? ['api:access'] : [],
          developerProfile: isDeveloper ? (input.developerProfile ?? {}) : null,
          communicationPreferences: input.communicationPreferences ?? null,
        },
        (tx, user) => (isDeveloper ? Promise.resolve() : (d.emit ?? noEvents)(tx, 'member.created', { object: memberObject(user) })),
      );
      return { user, token: await issue(user, from) };
    } catch (err) {
      // Two registrations racing for one address: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
      throw err;
    }
  }

  /**
   * Failed sign-ins are counted three ways (OWASP Authentication Cheat Sheet,
   * "account lockout"): per address, per account from that address, and per
   * account from everywhere with a much higher ceiling. Someone guessing from
   * one place is stopped after a few tries at that account, while a stranger
   * elsewhere cannot lock its owner out with a handful of bad passwords; a
   * distributed guess still meets the ceiling. Successes never count, so a
   * church's shared connection is not used up by its members signing in.
   */
  async function login(email: string, password: string, ip: string, from: SessionOrigin = { ip }) {
    const { windowMs, maxPerIp, maxPerAccount, accountCeiling } = d.login;
    const keys = { ip: `login:ip:${ip}`, pair: `login:account-ip:${email}:${ip}`, account: `login:account:${email}` };
    const seen = await d.limiter.peekMany([keys.ip, keys.pair, keys.account]);
    const over = [
      [keys.ip, maxPerIp],
      [keys.pair, maxPerAccount],
      [keys.account, accountCeiling],
    ] as const;
    for (const [key, max] of over) {
      const r = seen.get(key);
      if (r && r.count >= max) throw tooMany(r.retryAfterSeconds);
    }

    const user = await d.repo.findUserByEmail(email);
    // The account's one password budget (confirmCurrentPassword): every route that checks its password counts
    // there, so guesses spread over sign-in, password change and account deletion meet one limit. Sign-in stops
    // at the distributed ceiling, as for the e-mail's own counter.
    const budget = user ? (await d.limiter.peekMany([passwordBudgetKey(user.id)])).get(passwordBudgetKey(user.id)) : undefined;
    if (budget && budget.count >= accountCeiling) throw tooMany(budget.retryAfterSeconds);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      await Promise.all([
        ...over.map(([key, max]) => d.limiter.hit(key, max, windowMs)),
        ...(user ? [d.limiter.hit(passwordBudgetKey(user.id), accountCeiling, windowMs)] : []),
      ]);
      throw unauthorized('Invalid credentials');
    }
    if (!user.isActive) throw new HttpError(403, 'This account has been deactivated. Please contact the church office.');
    // The owner got in from here: their own earlier typos no longer count at this address.
    await d.limiter.reset(keys.pair);
    // Two-factor sign-in (issue 29): the password alone opens nothing; the second step issues the session.
    if (user.twoFactorEnabledAt) return { user, token: null };
    return { user, token: await issue(user, from) };
  }

  /**
   * A second-factor code counts like a password (issue 29): wrong codes spend the account's one password budget
   * and the address's sign-in budget, so six digits cannot be guessed at leisure behind a known password.
   */
  async function secondFactorAttempt<T>(
    userId: string,
    ip: string | undefined,
    check: () => Promise<T | null>,
    wrong: () => HttpError,
  ): Promise<T> {
    const { windowMs, maxPerIp, maxPerAccount } = d.login;
    const keys = [[passwordBudgetKey(userId), maxPerAccount], ...(ip ? ([[`login:ip:${ip}`, maxPerIp]] as const) : [])] as const;
    const seen = await d.limiter.peekMany(keys.map(([k]) => k));
    for (const [key, max] of keys) {
      const r = seen.get(key);
      if (r && r.count >= max) throw tooMany(r.retryAfterSeconds);
    }
    const result = await check();
    if (result === null) {
      await Promise.all(keys.map(([key, max]) => d.limiter.hit(key, max, windowMs)));
      throw wrong();
    }
    return result;
  }

  /**
   * Checks the signed-in person's current password before a sensitive change (new password, new e-mail,
   * deleting the account — every route that asks for the password goes through here). Wrong answers share
   * ONE budget per account with sign-in (issue 29, finding 6: deletion had none), so a borrowed session
   * cannot be used to guess the password on whichever route counts least.
   */
  async function confirmCurrentPassword(user: Pick<UserRow, 'id' | 'passwordHash'>, currentPassword: string) {
    const { windowMs, maxPerAccount } = d.login;
    const key = passwordBudgetKey(user.id);
    const [seen] = (await d.limiter.peekMany([key])).values();
    if (seen && seen.count >= maxPerAccount) throw tooMany(seen.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await d.limiter.hit(key, maxPerAccount, windowMs);
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    await d.limiter.reset(key);
  }

  /**
   * A new password ends every other session (the version moves on, and the database announces it:
   * migration 0029 closes the person's chat sockets on every instance) and this one gets a fresh token.
   */
  async function updatePassword(user: UserRow, currentPassword: string, newPassword: string, from: SessionOrigin = {}) {
    await confirmCurrentPassword(user, currentPassword);
    const updated = await d.repo.setPassword(user.id, await hashPassword(newPassword));
    return { user: updated, token: await issue(updated, from) };
  }

  async function forgotPassword(email: string, ip: string) {
    // Limits apply whether or not the account exists, so they reveal nothing.
    await d.limiter.consume(`forgot:ip:${ip}`, 10, 60 * 60_000, 'Too many reset requests. Please try again later.');
    const perEmail = await d.limiter.hit(`forgot:email:${email}`, 3, 60 * 60_000);
    if (!perEmail.allowed) return; // silently: the same answer as ever
    const user = await d.repo.findUserByEmail(email);
    if (!user || !user.isActive || !user.email) return;
    const token = randomToken(32);
    await d.repo.insertResetToken(user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    // In the member's language (issue 36). The link is the mail's secret: the stored copy holds its
    // place only (an administrator's backup must not take over the account).
    const { t } = forRecipient((await d.language?.(user)) ?? { locale: SOURCE_LOCALE, timeZone: 'Africa/Johannesburg' });
    await d.mailer.send({
      to: user.email,
      kind: 'password-reset',
      subject: t('email.reset.subject'),
      secret: `${d.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      text: t('email.reset.body', { name: user.name, link: MAIL_SECRET_SLOT }),
    });
  }

  async function resetPassword(token: string, newPassword: string) {
    const passwordHash = await hashPassword(newPassword);
    await d.repo.transaction(async (tx) => {
      const row = await d.repo.consumeResetToken(sha256(token), tx);
      if (!row) throw badRequest('This reset link is invalid, has expired or was already used. Please ask for a new one.');
      await d.repo.setPassword(row.userId, passwordHash, tx);
    });
  }

  return { register, login, confirmCurrentPassword, secondFactorAttempt, updatePassword, forgotPassword, resetPassword, issue };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The one password-attempt counter of an account (sign-in, password change, e-mail change, deletion). */
const passwordBudgetKey = (userId: string) => `password-check:account:${userId}`;

const tooMany = (seconds: number) =>
  new HttpError(429, 'Too many sign-in attempts. Please wait a few minutes and try again.', {
    'retry-after': String(seconds),
  });
