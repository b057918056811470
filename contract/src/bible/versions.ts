/**
 * Spec 000 §3 Bible versions: BSB is available; KJV and NIV are listed (the
 * mobile page offers their chips); ZULU has a badge style. Our server serves
 * KJV through the Free Use Bible API (eng_kjv); NIV is copyrighted and never served.
 */
export interface BibleVersionInfo {
  id: string;
  name: string;
  /** The Free Use Bible API's translation id, when that service offers it. */
  upstreamId: string | null;
  badgeColor: string;
}

export const DEFAULT_VERSION = 'BSB';

export const KNOWN_VERSIONS: readonly BibleVersionInfo[] = [
  { id: 'BSB', name: 'Berean Standard Bible', upstreamId: 'BSB', badgeColor: 'blue' },
  { id: 'KJV', name: 'King James Version', upstreamId: 'eng_kjv', badgeColor: 'grape' },
  { id: 'NIV', name: 'New International Version', upstreamId: null, badgeColor: 'orange' },
  { id: 'ZULU', name: 'IBhayibheli Elingcwele (isiZulu)', upstreamId: null, badgeColor: 'green' },
];

/** The chips the reader shows (spec: BSB, KJV, NIV). */
export const READER_VERSION_CHIPS = ['BSB', 'KJV', 'NIV'] as const;

export const knownVersion = (id: string) => KNOWN_VERSIONS.find((v) => v.id === id.toUpperCase());

/** Spec 000 §8: the text shown for a version that cannot be served. */
export const BSB_ONLY_TEXT = 'Available in BSB version only';
/** Spec 000 §8: placeholder chapter text when a chapter fetch fails. */
export const CHAPTER_UNAVAILABLE_TEXT = 'This chapter is temporarily unavailable. Please try again later.';

/** Version ids are short codes: letters, digits and underscores. */
export const VERSION_ID_PATTERN = /^[A-Za-z0-9_]{2,32}$/;
