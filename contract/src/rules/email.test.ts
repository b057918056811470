import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isValidEmail, normalizeEmail } from './email';
import { forgotPasswordRequest } from '../auth';

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@church.org.za', ' padded@example.org '])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['', 'plain', 'a@b', '@b.co', 'a b@c.co', 'a@b .co', 'a@b..co', 'a@.b.co', 'a@b.co.', 'a@b@c.co'])('rejects %s', (e) =>
    expect(isValidEmail(e)).toBe(false),
  );

  it('answers the review’s attack inputs in linear time', () => {
    const start = performance.now();
    for (const attack of ['.'.repeat(80_000), `a@${'.'.repeat(80_000)}`, `a@b${'.b'.repeat(40_000)} x`]) {
      expect(EMAIL_PATTERN.test(attack)).toBe(false);
      expect(isValidEmail(attack)).toBe(false);
    }
    expect(performance.now() - start).toBeLessThan(500); // the quadratic pattern took 8.6 s on 80,000 dots
  });
});

describe('the e-mail field', () => {
  it('stops at the length limit: the pattern never sees over-long input', () => {
    const result = forgotPasswordRequest.safeParse({ email: `a@${'b.'.repeat(200)}co` });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Email is too long']);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so comparisons ignore case', () => expect(normalizeEmail('  Grace@Example.ORG ')).toBe('grace@example.org'));
});
