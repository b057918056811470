/** Site content constants without zod, so the public pages can import them without downloading schemas. */

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

/** Widths each hero picture is stored at (stock and uploaded alike): `${image}-${width}.webp`. */
export const HERO_WIDTHS = [640, 1280, 1920] as const;
/** Widths a founder's photo is stored at. */
export const PHOTO_WIDTHS = [320, 640] as const;

/** An uploaded site picture: its base address; each stored width is `${base}-${width}.webp`. */
export const SITE_IMAGE_PATTERN = /^\/api\/settings\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A hero picture: an uploaded one, or one of the stock pictures shipped under web/public/images/hero. */
export const HERO_IMAGE_PATTERN =
  /^(?:\/images\/hero\/(?:sunrise|savanna|dusk)|\/api\/settings\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const STOCK_HERO_IMAGES = ['/images/hero/sunrise', '/images/hero/savanna', '/images/hero/dusk'] as const;

export const SITE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Spec 001 §4 message style: '{Kind} file too large. Max size: {n}MB'. */
export const SITE_IMAGE_TEXTS = {
  tooLarge: 'Image file too large. Max size: 8MB',
  invalid: 'Please select a PNG, JPEG or WebP image',
  uploaded: 'Picture uploaded',
} as const;

export const MAX_HERO_SLIDES = 8;

export const imageSrc = (base: string, width: number) => `${base}-${width}.webp`;
export const imageSrcSet = (base: string, widths: readonly number[]) => widths.map((w) => `${imageSrc(base, w)} ${w}w`).join(', ');

/** The pictures the hero shows: the church's slides', or the one stock picture of the slide made when it has written none. */
export const heroPictures = (heroSlides: readonly { image: string }[]) =>
  heroSlides.length ? heroSlides.map((s) => s.image) : [STOCK_HERO_IMAGES[0]];
/** The loading screen waits for the first pictures only (spec 000 §2 names three); later ones load meanwhile. */
export const HERO_WAIT_FOR = 3;
