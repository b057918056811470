import { describe, expect, it } from 'vitest';
import { taxYearOf } from './my-statement';

describe('taxYearOf (the South African tax year: 1 March to the end of February)', () => {
  it('puts January and February in the year that began the March before', () => {
    expect(taxYearOf('2027-02-15')).toEqual({ from: '2026-03-01', to: '2027-02-28' });
    expect(taxYearOf('2026-03-01')).toEqual({ from: '2026-03-01', to: '2027-02-28' });
  });
  it('ends on 29 February in a leap year', () => {
    expect(taxYearOf('2027-12-05')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(taxYearOf('2099-06-01')).toEqual({ from: '2099-03-01', to: '2100-02-28' });
  });
});
