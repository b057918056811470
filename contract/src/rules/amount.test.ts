import { describe, expect, it } from 'vitest';
import { parseAmountCents } from './amount';

describe('parseAmountCents', () => {
  it.each([
    ['1 234,56', 123456],
    ['1,234.56', 123456],
    ['1234.56', 123456],
    ['1234,56', 123456],
    ['1234', 123400],
    ['1,234', 123400],
    ['1 234', 123400],
    ['R 1 234.56', 123456],
    ['R1,234.50', 123450],
    ['ZAR 150', 15000],
    ['150.5', 15050],
    ['0.01', 1],
    ['-250.00', -25000],
    ['250.00-', -25000],
    ['(250.00)', -25000],
    ['R -99,99', -9999],
    ['+10', 1000],
    ['1\u00a0234\u00a0567,89', 123456789],
    ["1'234.56", 123456],
    ['12,345,678.90', 1234567890],
  ])('%s → %i cents', (text, cents) => {
    expect(parseAmountCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '1,23,4', '12,34,567.00', '1.234,567.89', '1,234.567', '1..5', 'R', '1 2 3', '=1+2', '1e5', '12.3.4'])(
    'refuses %j',
    (text) => {
      expect(parseAmountCents(text)).toBeNull();
    },
  );
  it('never loses a cent to floating point', () => {
    for (let c = 0; c < 100_000; c += 7) expect(parseAmountCents(`${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`)).toBe(c);
  });
});
