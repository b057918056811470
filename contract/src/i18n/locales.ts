/**
 * The languages the product speaks (issue 36) and how a language is chosen.
 * Catalogues live in contract/i18n/<locale>/<namespace>.json (see its README).
 * No I/O here: web and server both use these rules.
 */

/** The product's languages. en-ZA holds the spec's exact texts; the others fall back to it per message. */
export const LOCALES = ['en-ZA', 'af-ZA', 'zu-ZA', 'xh-ZA'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en-ZA';

/**
 * A pseudo-locale for finding hard-coded English: every catalogue text with its letters accented and
 * bracketed, so any plain English left on a screen is text that did not come from a catalogue. Chosen
 * only by the `lang` cookie (never offered in the switcher, never matched from a browser's languages).
 */
export const PSEUDO_LOCALE = 'en-XA' as const;
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language named in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'en-ZA': 'English',
  'af-ZA': 'Afrikaans',
  'zu-ZA': 'isiZulu',
  'xh-ZA': 'isiXhosa',
};

/** The cookie that carries a visitor's choice (read by the server for the first HTML, by the browser after). */
export const LOCALE_COOKIE = 'lang';

/**
 * The namespaces the browser loads at start (the header, the footer, the public site): everything else
 * loads with the first page that is not the home page, so the home page carries only what it shows.
 */
export const START_NAMESPACES = ['common', 'site'] as const;

const BY_LANGUAGE: Record<string, Locale> = { en: 'en-ZA', af: 'af-ZA', zu: 'zu-ZA', xh: 'xh-ZA' };

/** 'af', 'af-ZA', 'AF_za', 'af-NA' → 'af-ZA'; anything we do not speak → null. Linear, no patterns. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag || tag.length > 35) return null;
  const primary = tag.trim().split(/[-_]/, 1)[0]!.toLowerCase();
  return BY_LANGUAGE[primary] ?? null;
}

/** As toLocale, and the pseudo-locale too (for the cookie only). */
export function toAnyLocale(tag: string | null | undefined): AnyLocale | null {
  return tag === PSEUDO_LOCALE ? PSEUDO_LOCALE : toLocale(tag);
}

/**
 * The browser's languages from an Accept-Language header, best first ('af-ZA,af;q=0.9,en;q=0.8').
 * At most 20 entries are read: the header is the client's to make long.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; i: number }[] = [];
  const parts = header.slice(0, 1000).split(',', 20);
  parts.forEach((part, i) => {
    const [tag, ...params] = part.trim().split(';');
    if (!tag || tag === '*') return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0) entries.push({ tag: tag.trim(), q, i });
  });
  return entries.sort((a, b) => b.q - a.q || a.i - b.i).map((e) => e.tag);
}

/** The first of the browser's languages we speak, or null. */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const l = toLocale(tag);
    if (l) return l;
  }
  return null;
}

/**
 * Which language a page is shown in: a choice made (the cookie, or the member's saved language),
 * else the browser's languages on a first visit, else the church's default. An unknown tag anywhere
 * counts as no choice, so it falls through to the church's default.
 */
export function chooseLocale(input: {
  chosen?: string | null;
  saved?: string | null;
  browser?: readonly string[];
  churchDefault?: string | null;
}): AnyLocale {
  return (
    toAnyLocale(input.chosen) ?? toLocale(input.saved) ?? matchLocale(input.browser ?? []) ?? toLocale(input.churchDefault) ?? SOURCE_LOCALE
  );
}

/** 'auth.login.title' → 'auth': a key's namespace is its first part, and names its catalogue file. */
export const namespaceOf = (key: string) => key.slice(0, Math.max(0, key.indexOf('.')));
