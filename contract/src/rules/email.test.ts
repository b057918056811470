import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './email';

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@church.org.za', ' padded@example.org '])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['', 'plain', 'a@b', '@b.co', 'a b@c.co', 'a@b .co'])('rejects %s', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so comparisons ignore case', () => expect(normalizeEmail('  Grace@Example.ORG ')).toBe('grace@example.org'));
});
