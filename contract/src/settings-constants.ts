/** Church settings defaults and titles (spec 000 §2, §9). No zod here, so the public site can import these without downloading schemas. */

/** Spec 000 §9 defaults: they stay defaults of the settings, used where the church has set nothing. */
export const SETTINGS_DEFAULTS = {
  founded: 2018,
  memberCount: 500,
  timeZone: 'Africa/Johannesburg',
  serviceTimes: {
    sunday: { time: '10:00 AM - 12:00 PM', location: 'Main Sanctuary' },
    wednesday: { time: '6:00 PM - 7:30 PM', location: 'Fellowship Hall' },
    friday: { time: '6:00 PM - 8:00 PM', location: 'Prayer Room' },
    saturday: { time: '', location: '' },
  },
} as const;

/** Titles shown beside each service day on the home page (spec 000 §2). */
export const SERVICE_DAY_TITLES = {
  sunday: 'Sunday Main Service',
  wednesday: 'Wednesday Bible Study',
  friday: 'Friday Prayer Meeting',
  saturday: 'Saturday Gathering',
} as const;

/** Spec 000 §2: the map is centred on the church at zoom 15. */
export const MAP_ZOOM = 15;
