import type { FastifyBaseLogger } from 'fastify';
import { RESET_TOKEN_TTL_MS } from '@church/contract/auth';
import type { z } from 'zod';
import type { registerRequest } from '@church/contract/auth';
import { isUniqueViolation } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limiter';
import { randomToken, sha256, type TokenService } from '../../lib/tokens';
import type { AuthRepository } from './repository';

interface Deps {
  repo: AuthRepository;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  login: { maxPerIp: number; maxPerAccount: number; windowMs: number; signupsPerIpPerHour: number };
}

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please sign in instead.';

export function createAuthService(d: Deps) {
  const issue = (user: UserRow) => d.tokens.sign({ sub: user.id, tv: user.tokenVersion });

  async function register(input: z.output<typeof registerRequest>, ip: string) {
    // Like the other public forms: one address cannot mint accounts by the dozen (e.g. to fill an event).
    await d.limiter.consume(
      `register:ip:${ip}`,
      d.login.signupsPerIpPerHour,
      60 * 60_000,
      'Too many accounts created from this connection. Please try again later.',
    );
    const isDeveloper = input.role === 'developer';
    if (await d.repo.findUserByEmail(input.email)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await d.repo.insertUser({
        name: input.name,
        email: input.email,
        passwordHash,
        phone: input.phone ?? null,
        address: input.address ?? null,
        role: isDeveloper ? 'developer' : 'member',
        permissions: isDeveloper ? ['api:access'] : [],
        developerProfile: isDeveloper ? (input.developerProfile ?? {}) : null,
        communicationPreferences: input.communicationPreferences ?? null,
      });
      return { user, token: await issue(user) };
    } catch (err) {
      // Two registrations racing for one address: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL_MESSAGE);
      throw err;
    }
  }

  async function login(email: string, password: string, ip: string) {
    const { windowMs, maxPerIp, maxPerAccount } = d.login;
    const ipHit = await d.limiter.hit(`login:ip:${ip}`, maxPerIp, windowMs);
    if (!ipHit.allowed) throw tooMany(ipHit.retryAfterSeconds);
    // Only failures count against an account, so its owner is not locked out by their own successes.
    const accountKey = `login:account:${email}`;
    const failures = await d.limiter.peek(accountKey);
    if (failures.count >= maxPerAccount) throw tooMany(failures.retryAfterSeconds);

    const user = await d.repo.findUserByEmail(email);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      await d.limiter.hit(accountKey, maxPerAccount, windowMs);
      throw unauthorized('Invalid credentials');
    }
    if (!user.isActive) throw new HttpError(403, 'This account has been deactivated. Please contact the church office.');
    await d.limiter.reset(accountKey);
    return { user, token: await issue(user) };
  }

  async function updatePassword(user: UserRow, currentPassword: string, newPassword: string) {
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest('Your current password is not correct');
    }
    const updated = await d.repo.setPassword(user.id, await hashPassword(newPassword));
    return { user: updated, token: await issue(updated) };
  }

  async function forgotPassword(email: string, ip: string) {
    // Limits apply whether or not the account exists, so they reveal nothing.
    await d.limiter.consume(`forgot:ip:${ip}`, 10, 60 * 60_000, 'Too many reset requests. Please try again later.');
    const perEmail = await d.limiter.hit(`forgot:email:${email}`, 3, 60 * 60_000);
    if (!perEmail.allowed) return; // silently: the same answer as ever
    const user = await d.repo.findUserByEmail(email);
    if (!user || !user.isActive) return;
    const token = randomToken(32);
    await d.repo.insertResetToken(user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    const link = `${d.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await d.mailer.send({
      to: user.email,
      kind: 'password-reset',
      subject: 'Reset your password',
      text:
        `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password for this account.\n` +
        `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
        `If you did not ask for this, you can ignore this e-mail; your password stays the same.\n`,
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

  return { register, login, updatePassword, forgotPassword, resetPassword, issue };
}
export type AuthService = ReturnType<typeof createAuthService>;

const tooMany = (seconds: number) =>
  new HttpError(429, 'Too many sign-in attempts. Please wait a few minutes and try again.', {
    'retry-after': String(seconds),
  });
