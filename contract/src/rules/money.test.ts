import { describe, expect, it } from 'vitest';
import { centsToRand, formatRand, randToCents } from './money';

describe('formatRand', () => {
  it.each([
    [0, 'R 0.00'],
    [1, 'R 1.00'],
    [150.5, 'R 150.50'],
    [1234.56, 'R 1,234.56'],
    [1234567.891, 'R 1,234,567.89'],
    [0.005, 'R 0.01'],
    [-42.1, '-R 42.10'],
    [null, 'R 0.00'],
    [undefined, 'R 0.00'],
    [Number.NaN, 'R 0.00'],
  ])('%s → %s', (amount, expected) => {
    expect(formatRand(amount as number)).toBe(expected);
  });
});

describe('cents', () => {
  it('converts rand to integer cents and back without float drift', () => {
    expect(randToCents(150.5)).toBe(15050);
    expect(randToCents(0.1 + 0.2)).toBe(30);
    expect(randToCents(19.99)).toBe(1999);
    expect(centsToRand(123456)).toBe(1234.56);
  });
});
