import { describe, expect, it } from 'vitest';
import { firstName, greeting } from './greeting';

const at = (h: number, m = 0) => new Date(2026, 10, 21, h, m, 0);

describe('greeting', () => {
  it.each([
    [0, 0, 'Good morning'],
    [11, 59, 'Good morning'],
    [12, 0, 'Good afternoon'],
    [17, 59, 'Good afternoon'],
    [18, 0, 'Good evening'],
    [23, 59, 'Good evening'],
  ])('%i:%i → %s', (h, m, expected) => {
    expect(greeting(at(h, m))).toBe(expected);
  });
});

describe('firstName', () => {
  it('takes the first word', () => {
    expect(firstName('Naledi Zulu')).toBe('Naledi');
    expect(firstName('  Pastor David Nkosi ')).toBe('Pastor');
    expect(firstName('')).toBe('');
    expect(firstName(null)).toBe('');
  });
});
