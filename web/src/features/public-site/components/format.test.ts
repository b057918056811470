import { describe, expect, it } from 'vitest';
import { dayAndMonth, formatCount, formatEventDate, formatEventTime } from './format';

describe('home page formatting', () => {
  it('shows event times as 12-hour clock and leaves All Day to the caller', () => {
    expect(formatEventTime('18:00')).toBe('6:00 PM');
    expect(formatEventTime('09:30')).toBe('9:30 AM');
    expect(formatEventTime('12:15')).toBe('12:15 PM');
    expect(formatEventTime('00:05')).toBe('12:05 AM');
    expect(formatEventTime('')).toBe('');
  });

  it('dates events in the church time zone', () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Johannesburg.
    expect(dayAndMonth('2026-11-30T23:30:00Z', 'Africa/Johannesburg')).toEqual({ day: '01', month: 'DEC' });
    expect(formatEventDate('2026-11-28T08:00:00Z', 'Africa/Johannesburg')).toMatch(/28 Nov 2026/);
  });

  it('groups thousands', () => {
    expect(formatCount(500)).toBe('500');
    expect(formatCount(12345)).toBe('12,345');
  });
});
