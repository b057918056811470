import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const now = new Date('2026-11-21T10:00:00Z');
describe('timeAgo', () => {
  it.each([
    ['2026-11-21T09:59:30Z', 'just now'],
    ['2026-11-21T09:55:00Z', '5 minutes ago'],
    ['2026-11-21T09:00:00Z', '1 hour ago'],
    ['2026-11-19T10:00:00Z', '2 days ago'],
    ['2026-11-24T10:00:00Z', 'in 3 days'],
    ['2026-10-01T10:00:00Z', '1 month ago'],
    ['nonsense', ''],
  ])('%s → %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});
