import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptedStep, createChallenges, currentCode, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp';

const T0 = Date.UTC(2026, 11, 5, 10, 0, 15);
const STEP = 30_000;

describe('TOTP rules', () => {
  const secret = newTotpSecret();

  it('makes an otpauth URI an app can read', () => {
    const uri = otpauthUri(secret, 'ann@example.org', 'Grace Church');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Grace%20Church:ann%40example\.org\?/);
    expect(uri).toContain(`secret=${secret}`);
  });

  it('accepts the code of now, and one step either side (clock drift), never two', () => {
    const step = Math.floor(T0 / STEP);
    expect(acceptedStep(secret, currentCode(secret, T0), null, T0)).toBe(step);
    expect(acceptedStep(secret, currentCode(secret, T0 - STEP), null, T0)).toBe(step - 1);
    expect(acceptedStep(secret, currentCode(secret, T0 + STEP), null, T0)).toBe(step + 1);
    expect(acceptedStep(secret, currentCode(secret, T0 - 2 * STEP), null, T0)).toBeNull();
    expect(acceptedStep(secret, currentCode(secret, T0 + 2 * STEP), null, T0)).toBeNull();
  });

  it('refuses a code already used, and an older one after a newer was used (replay)', () => {
    const step = Math.floor(T0 / STEP);
    const code = currentCode(secret, T0);
    expect(acceptedStep(secret, code, step, T0)).toBeNull();
    expect(acceptedStep(secret, currentCode(secret, T0 - STEP), step, T0)).toBeNull();
    expect(acceptedStep(secret, currentCode(secret, T0 + STEP), step, T0)).toBe(step + 1);
  });

  it('refuses another secret’s code', () => {
    expect(acceptedStep(newTotpSecret(), currentCode(secret, T0), null, T0)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('makes ten different codes, hashed the same however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const c = codes[0]!;
    expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(hashRecoveryCode(` ${c.toUpperCase().replace(/-/g, ' ')} `)).toBe(hashRecoveryCode(c));
    expect(hashRecoveryCode(codes[1]!)).not.toBe(hashRecoveryCode(c));
  });
});

describe('sign-in challenge', () => {
  const challenges = createChallenges(crypto.randomBytes(32), 5 * 60_000);
  const user = { id: crypto.randomUUID(), tokenVersion: 3 };

  it('opens for five minutes, for the person and version it was made for', () => {
    const c = challenges.sign(user, T0);
    expect(challenges.verify(c, T0 + 60_000)).toEqual({ sub: user.id, tv: 3 });
    expect(challenges.verify(c, T0 + 5 * 60_000)).toBeNull();
  });

  it('refuses an altered challenge or one signed with another key', () => {
    const c = challenges.sign(user, T0);
    const [body, sig] = c.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: crypto.randomUUID(), tv: 3, exp: T0 + 60_000 })).toString('base64url');
    expect(challenges.verify(`${forged}.${sig}`, T0)).toBeNull();
    expect(challenges.verify(`${body}.x${sig!.slice(1)}`, T0)).toBeNull();
    expect(createChallenges(crypto.randomBytes(32), 60_000).verify(c, T0)).toBeNull();
  });
});
