import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chooseLocale, LOCALE_COOKIE, parseAcceptLanguage, PSEUDO_LOCALE, type AnyLocale } from '@church/contract/i18n/locales';

/** The `lang` cookie's value (the visitor's choice), read without a cookie plugin: one name, bounded header. */
export function localeCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.slice(0, 8192).split(';', 100)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LOCALE_COOKIE)
      return part
        .slice(eq + 1)
        .trim()
        .slice(0, 35);
  }
  return null;
}

/** The church's default language, from the public settings (kept in memory by the public cache). */
export async function churchDefaultLocale(app: FastifyInstance): Promise<string | null> {
  const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
  return res.statusCode === 200 ? ((res.json() as { data?: { defaultLanguage?: string } }).data?.defaultLanguage ?? null) : null;
}

/**
 * The language of a page the server sends (issue 36): the visitor's choice (cookie), else the
 * browser's languages (first visit), else the church's default. An unknown tag is no choice.
 */
export async function pageLocale(app: FastifyInstance, request: FastifyRequest): Promise<AnyLocale> {
  return chooseLocale({
    chosen: localeCookie(request.headers.cookie),
    browser: parseAcceptLanguage(request.headers['accept-language']),
    churchDefault: await churchDefaultLocale(app),
  });
}

/**
 * Names the page's language on <html>: `lang` for browsers and screen readers, `data-locale` for the
 * app, which starts in it (web/src/lib/i18n/i18n.ts). The template's first <html …> tag only.
 */
export function withPageLocale(html: string, locale: AnyLocale): string {
  const lang = locale === PSEUDO_LOCALE ? 'en' : locale;
  return html.replace(/<html\b[^<>]*>/, (tag) => `<html lang="${lang}" data-locale="${locale}"${withoutLang(tag.slice(5))}`);
}

/** The tag's attributes without its own lang="…" (found with indexOf: linear by construction). */
function withoutLang(attrs: string): string {
  const start = attrs.indexOf(' lang="');
  if (start < 0) return attrs;
  const end = attrs.indexOf('"', start + 7);
  return end < 0 ? attrs : attrs.slice(0, start) + attrs.slice(end + 1);
}
