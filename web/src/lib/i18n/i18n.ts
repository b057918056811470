/**
 * The browser's messages (issue 36): Lingui's runtime with catalogues compiled
 * at build time (web/vite-i18n-plugin.ts), so no message parser is downloaded.
 * Only the active language's catalogues load, each namespace in its own chunk:
 * the start namespaces (header, footer, public site) before the first render,
 * the rest with the first page that needs them (app/routes.tsx). Switching
 * language loads the same namespaces in the new language and re-renders, with
 * no page reload.
 */
import { setupI18n, type I18n } from '@lingui/core';
import {
  LOCALE_COOKIE,
  LOCALES,
  PSEUDO_LOCALE,
  SOURCE_LOCALE,
  START_NAMESPACES,
  chooseLocale,
  type AnyLocale,
} from '@church/contract/i18n/locales';
import type { CompiledCatalogue } from '@church/contract/i18n/compile';

type Loader = () => Promise<CompiledCatalogue>;

// Every language's catalogues, one lazy chunk each; the plugin compiles them (and fills gaps with English).
const files = import.meta.glob<CompiledCatalogue>('../../../../contract/i18n/*/*.json', { import: 'default' });
const pseudoFiles = import.meta.glob<CompiledCatalogue>('../../../../contract/i18n/en-ZA/*.json', {
  import: 'default',
  query: '?pseudo',
});

function loaderFor(locale: AnyLocale, ns: string): Loader | undefined {
  if (locale === PSEUDO_LOCALE) return pseudoFiles[`../../../../contract/i18n/en-ZA/${ns}.json`];
  return files[`../../../../contract/i18n/${locale}/${ns}.json`];
}

/** Every namespace the build knows (the file names under contract/i18n/en-ZA). */
export const NAMESPACES = Object.keys(files)
  .filter((f) => f.includes(`/${SOURCE_LOCALE}/`))
  .map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length));

/** The namespaces a member page may use: all but the start ones (those are always loaded). */
export const APP_NAMESPACES = NAMESPACES.filter((ns) => !(START_NAMESPACES as readonly string[]).includes(ns));

/** One I18n per render on the server (renders in different languages run side by side); one in the browser. */
export function createI18n(): I18n {
  return setupI18n();
}

/** The browser's instance. */
export const i18n = createI18n();

const loaded = new Map<string, Promise<void>>();
const wanted = new Set<string>(START_NAMESPACES);

/** Loads namespaces of one language into an instance (each once per instance and language). */
export async function loadNamespaces(target: I18n, locale: AnyLocale, namespaces: readonly string[]): Promise<void> {
  await Promise.all(
    namespaces.map((ns) => {
      // Cached for the browser's instance only: a server render's instance is new each time.
      const id = `${locale}|${ns}`;
      let p = target === i18n ? loaded.get(id) : undefined;
      if (!p) {
        const load = loaderFor(locale, ns);
        p = load ? load().then((messages) => target.load(locale, messages)) : Promise.resolve();
        if (target === i18n) {
          loaded.set(id, p);
          // A failed download (offline) is tried again next time.
          p.catch(() => loaded.delete(id));
        }
      }
      return p;
    }),
  );
}

let starting: AnyLocale | undefined;

/** Called by the lazy routes (from the router's start, which may run before startI18n): their namespaces, in the active language. */
export function ensureNamespaces(namespaces: readonly string[] = APP_NAMESPACES): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  return loadNamespaces(i18n, (i18n.locale as AnyLocale) || (starting ??= startLocale()), namespaces);
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === name && v) return decodeURIComponent(v);
  }
  return null;
}

/**
 * The language the browser starts in: the visitor's choice (cookie), else what the server chose for this
 * page (<html data-locale>: browser languages, else the church's default), else the browser's languages.
 */
export function startLocale(): AnyLocale {
  const served = typeof document === 'undefined' ? null : document.documentElement.dataset.locale;
  return chooseLocale({
    chosen: readCookie(LOCALE_COOKIE),
    saved: served,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}

/** Before the first render: the start namespaces of the start language. */
export async function startI18n(locale: AnyLocale = (starting ??= startLocale())): Promise<void> {
  await loadNamespaces(i18n, locale, [...wanted]);
  activate(locale);
}

function activate(locale: AnyLocale) {
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en' : locale;
}

/** Remembers a choice for this browser (and for the server's first HTML) for a year. */
export function rememberLocale(locale: AnyLocale) {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
}

/** Switch language without a reload: load what is in use in the new language, then re-render. */
export async function switchLocale(locale: AnyLocale, opts: { remember?: boolean } = {}): Promise<void> {
  if (opts.remember !== false) rememberLocale(locale);
  if (locale === i18n.locale) return;
  await loadNamespaces(i18n, locale, [...wanted]);
  activate(locale);
}

export const isLocale = (v: unknown): v is (typeof LOCALES)[number] => (LOCALES as readonly unknown[]).includes(v);
