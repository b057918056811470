/** Sermon constants and formatting (spec 000 §2/§9, spec 001 §2). No zod here, so the public site can import these without downloading schemas. */

/** Spec 001 §2: the library's All/Video/Audio toggle. */
export const SERMON_MEDIA_FILTERS = ['all', 'video', 'audio'] as const;
export type SermonMediaFilter = (typeof SERMON_MEDIA_FILTERS)[number];
/** Spec 000 §9: the home page shows up to three sermons. */
export const HOME_SERMON_COUNT = 3;

/** 'mm:ss', or 'h:mm:ss' from an hour up. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${String(m).padStart(2, '0')}:${rest}`;
}
