import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours';

const TZ = 'Africa/Johannesburg'; // UTC+2, no daylight saving
const at = (iso: string) => new Date(iso);

describe('quietUntil (21:00–07:00 church time)', () => {
  it('lets a message go in the day', () => expect(quietUntil(at('2026-12-05T10:00:00Z'), '21:00', '07:00', TZ)).toBeNull());
  it('holds a late-evening message until 07:00 the next morning', () =>
    expect(quietUntil(at('2026-12-05T20:30:00Z'), '21:00', '07:00', TZ)?.toISOString()).toBe('2026-12-06T05:00:00.000Z'));
  it('holds an early-morning message until 07:00 that morning', () =>
    expect(quietUntil(at('2026-12-06T02:00:00Z'), '21:00', '07:00', TZ)?.toISOString()).toBe('2026-12-06T05:00:00.000Z'));
  it('ends at 07:00 sharp, and can be turned off', () => {
    expect(quietUntil(at('2026-12-06T05:00:00Z'), '21:00', '07:00', TZ)).toBeNull();
    expect(quietUntil(at('2026-12-05T20:30:00Z'), '00:00', '00:00', TZ)).toBeNull();
  });
  it('handles a same-day window (13:00–14:00)', () =>
    expect(quietUntil(at('2026-12-05T11:30:00Z'), '13:00', '14:00', TZ)?.toISOString()).toBe('2026-12-05T12:00:00.000Z'));
});
