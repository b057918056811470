import { describe, expect, it } from 'vitest';
import { formatDuration } from './sermons';
import { isUpcoming } from './events';
import { churchSettingsSchema } from './settings';
import { daysFromServices } from './site-content';
import { createVisitorRequest } from './visitors';
import { contactMessageRequest } from './contact';

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [59, '00:59'],
    [2535, '42:15'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%d s → %s', (s, text) => expect(formatDuration(s)).toBe(text));
  it('is null for unknown lengths', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });
});

describe('isUpcoming', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  it('keeps events dated now or later and drops finished ones', () => {
    expect(isUpcoming({ date: '2026-06-01T10:00:00Z' }, now)).toBe(true);
    expect(isUpcoming({ date: '2026-06-02T08:00:00Z' }, now)).toBe(true);
    expect(isUpcoming({ date: '2026-05-31T08:00:00Z' }, now)).toBe(false);
  });
  it('keeps an event that started but has not ended', () => {
    expect(isUpcoming({ date: '2026-06-01T08:00:00Z', endDate: '2026-06-01T12:00:00Z' }, now)).toBe(true);
  });
});

describe('church settings schema', () => {
  it('fills the spec defaults for an empty object', () => {
    const s = churchSettingsSchema.parse({});
    expect(s.founded).toBe(2018);
    expect(daysFromServices(s.services).sunday.time).toBe('10:00 AM - 12:00 PM');
    expect(daysFromServices(s.services).wednesday.time).toBe('6:00 PM - 7:30 PM');
    expect(daysFromServices(s.services).friday.time).toBe('6:00 PM - 8:00 PM');
    expect(s.timeZone).toBe('Africa/Johannesburg');
    expect(s.memberCountOverride).toBeNull();
  });
  it('refuses a bad time zone, e-mail and coordinates', () => {
    const r = churchSettingsSchema.safeParse({ timeZone: 'Mars/Olympus', email: 'nope', coordinates: { lat: 100, lng: 0 } });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['timeZone', 'email', 'coordinates.lat']));
  });
});

describe('dialog requests', () => {
  it('visitor registration needs first name, last name and e-mail', () => {
    const r = createVisitorRequest.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['First name is required', 'Last name is required', 'Email is required']);
  });
  it('visitor interests are de-duplicated', () => {
    const r = createVisitorRequest.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', interests: ['Bible Study', 'Bible Study'] });
    expect(r.interests).toEqual(['Bible Study']);
  });
  it('contact message defaults the preferred method to email', () => {
    expect(contactMessageRequest.parse({ name: 'A', email: 'a@b.co', message: 'Hi' }).preferredContact).toBe('email');
  });
});
