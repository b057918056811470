import { describe, expect, it } from 'vitest';
import { churchSettingsSchema } from './settings';
import { daysFromServices, heroSlideSchema, serviceSchema, servicesFromDays, upgradeSettingsDocument } from './site-content';

describe('site content', () => {
  it('turns the four fixed service slots into a list and back', () => {
    const list = servicesFromDays({
      sunday: { time: '10:00 AM - 12:00 PM', location: 'Main Sanctuary' },
      wednesday: { time: '6:00 PM', location: '' },
      friday: { time: 'whenever', location: 'x' },
      saturday: { time: '', location: '' },
    });
    expect(list).toEqual([
      { day: 'sunday', time: '10:00', endTime: '12:00', name: 'Sunday Main Service', language: '', place: 'Main Sanctuary' },
      { day: 'wednesday', time: '18:00', endTime: '', name: 'Wednesday Bible Study', language: '', place: '' },
    ]);
    expect(daysFromServices(list).sunday).toEqual({ time: '10:00 AM - 12:00 PM', location: 'Main Sanctuary' });
    expect(daysFromServices(list).friday).toEqual({ time: '', location: '' });
  });

  it('keeps any number of services on any day, in any language', () => {
    const early = { day: 'sunday', time: '08:00', endTime: '09:15', name: 'Oggenddiens', language: 'Afrikaans', place: 'Kapel' };
    const s = churchSettingsSchema.parse({ services: [early, { day: 'sunday', time: '10:00', name: 'Main Service' }] });
    expect(s.services).toHaveLength(2);
    expect(serviceSchema.safeParse({ ...early, time: '25:00' }).success).toBe(false);
    expect(serviceSchema.safeParse({ ...early, day: 'someday' }).success).toBe(false);
  });

  it('upgrades an earlier document: founders line, missionStatement and serviceTimes', () => {
    const doc = upgradeSettingsDocument({
      founders: 'Pastor A & B',
      missionStatement: 'Love God',
      serviceTimes: { sunday: { time: '9:00 AM', location: 'Hall' } },
    });
    const s = churchSettingsSchema.parse(doc);
    expect(s.founders).toEqual([{ name: 'Pastor A & B', role: '', bio: '', photoUrl: '' }]);
    expect(s.mission).toBe('Love God');
    expect(s.services).toEqual([{ day: 'sunday', time: '09:00', endTime: '', name: 'Sunday Main Service', language: '', place: 'Hall' }]);
    // A document that already has the newer fields keeps them.
    expect(upgradeSettingsDocument({ mission: 'Kept', missionStatement: 'Old', services: [] })).toEqual({ mission: 'Kept', services: [] });
  });

  it('accepts only stock or uploaded slide pictures and safe button links', () => {
    const ok = { image: '/images/hero/dusk', title: 'Welcome', buttonLink: '/events' };
    expect(heroSlideSchema.safeParse(ok).success).toBe(true);
    expect(heroSlideSchema.safeParse({ ...ok, image: '/api/settings/images/0f8b6b56-1c1e-4c1a-9a0e-2b7f5d6c8e90' }).success).toBe(true);
    for (const image of ['https://evil.example/x.png', '/images/hero/../../etc', 'javascript:alert(1)'])
      expect(heroSlideSchema.safeParse({ ...ok, image }).success).toBe(false);
    for (const buttonLink of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x'])
      expect(heroSlideSchema.safeParse({ ...ok, buttonLink }).success).toBe(false);
    expect(heroSlideSchema.safeParse({ ...ok, buttonLink: 'https://example.org/give' }).success).toBe(true);
  });
});
