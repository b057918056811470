import { describe, expect, it } from 'vitest';
import { parseServiceTime } from './service-times';

describe('parseServiceTime', () => {
  it('reads 12-hour and 24-hour times with their length', () => {
    expect(parseServiceTime('10:00 AM - 12:00 PM')).toEqual({ start: '10:00', minutes: 120 });
    expect(parseServiceTime('6:00 PM - 7:30 PM')).toEqual({ start: '18:00', minutes: 90 });
    expect(parseServiceTime('18:00–19:30')).toEqual({ start: '18:00', minutes: 90 });
    expect(parseServiceTime('9am')).toEqual({ start: '09:00', minutes: null });
    expect(parseServiceTime('12:15 AM')).toEqual({ start: '00:15', minutes: null });
  });
  it('gives null where no time can be read', () => {
    expect(parseServiceTime('')).toBeNull();
    expect(parseServiceTime('Room 3')).toBeNull();
    expect(parseServiceTime('25:00')).toBeNull();
  });
});
