/**
 * Spec 000 §9: offline text for five verses, shown when a verse cannot be
 * fetched. The wording is the Berean Standard Bible's (public domain).
 */
export const OFFLINE_VERSION = 'BSB';

export const OFFLINE_VERSES: Readonly<Record<string, string>> = {
  'John 3:16':
    'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
  'Philippians 4:13': 'I can do all things through Christ who gives me strength.',
  'Psalms 23:1': 'The LORD is my shepherd; I shall not want.',
  'Jeremiah 29:11':
    'For I know the plans I have for you, declares the LORD, plans to prosper you and not to harm you, to give you a future and a hope.',
  'Romans 8:28':
    'And we know that God works all things together for the good of those who love Him, who are called according to His purpose.',
};

/** Spec 000 §8: what a failed verse fetch shows when there is no offline text. */
export const OFFLINE_ONLY_TEXT = 'Available in offline mode only';

/** Offline text for a reference ('Psalm 23:1' and 'Psalms 23:1' both match), or undefined. */
export function offlineVerse(reference: string): string | undefined {
  return OFFLINE_VERSES[reference.replace(/^Psalm\s/, 'Psalms ')];
}
