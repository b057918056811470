import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordStrength, strengthLabel } from './password';

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['abc', 25],
    ['abcdefgh', 50],
    ['Abcdefgh', 75],
    ['abcdefgh1', 75],
    ['Abcdefg1', 100],
    ['ABC123', 50],
  ])('%s scores %i', (pw, score) => expect(passwordStrength(pw)).toBe(score));
});

describe('strengthLabel', () => {
  it('uses the thresholds 50 and 75', () => {
    expect(strengthLabel(0)).toEqual({ label: 'Weak password', color: 'red' });
    expect(strengthLabel(25)).toEqual({ label: 'Weak password', color: 'red' });
    expect(strengthLabel(50)).toEqual({ label: 'Medium password', color: 'yellow' });
    expect(strengthLabel(74)).toEqual({ label: 'Medium password', color: 'yellow' });
    expect(strengthLabel(75)).toEqual({ label: 'Strong password', color: 'green' });
    expect(strengthLabel(100)).toEqual({ label: 'Strong password', color: 'green' });
  });
});

describe('isCommonPassword', () => {
  it('refuses the passwords attackers try first, in any case', () => {
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('Harvest-2026')).toBe(false);
  });
});
