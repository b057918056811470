/** Spec 000 §8 Bible toasts and messages, quoted exactly. */
export const BIBLE_TEXTS = {
  booksFailed: 'Failed to load books list',
  chapterFailed: 'Failed to load chapter',
  searchFailed: 'Search failed. Please try browsing books instead.',
  noResults: 'No verses found matching your search. Try browsing instead.',
  emptySearch: 'Please enter a search term',
  speechUnsupported: 'Text-to-speech not supported in your browser',
  speechError: 'Error reading verse aloud',
  copyFailed: 'Failed to copy verse',
  bookmarked: 'Verse bookmarked',
  bookmarkRemoved: 'Bookmark removed',
  copied: 'Verse copied to clipboard',
  cacheCleared: 'Bible cache cleared',
  dailyVerseFailed: 'Failed to load daily verse',
  dailyVerseRefreshed: 'Daily verse refreshed',
} as const;

/** Spec 000 §8 helper errors. */
export const HELPER_ERRORS = {
  html: 'API endpoint returned HTML instead of JSON - endpoint may not exist',
  notJson: 'Response is not JSON',
  fetchFailed: (detail: string) => `Failed to fetch data: ${detail}`,
  verseNotFound: (verse: number, where: string) => `Verse ${verse} not found in ${where}`,
} as const;

/** Spec 000 §9: reading aloud. */
export const SPEECH_SETTINGS = { rate: 0.8, pitch: 1, volume: 0.8 } as const;
