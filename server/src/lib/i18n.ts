/**
 * The server's messages (issue 36): the same catalogues as the browser (contract/i18n), compiled once
 * per language on first use, for e-mails, documents and messages sent to a person in their language.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { eq } from 'drizzle-orm';
import { CATALOGUES } from '@church/contract/i18n/catalogues';
import { compileCatalogue, compilePseudo, withFallback, type Catalogue } from '@church/contract/i18n/compile';
import { createFormat, type Format } from '@church/contract/i18n/format';
import type { MessageKey } from '@church/contract/i18n/keys';
import { PSEUDO_LOCALE, SOURCE_LOCALE, toLocale, type AnyLocale, type Locale } from '@church/contract/i18n/locales';
import type { DbOrTx } from '../db/client';
import { churchSettings } from '../db/schema/index';

const instances = new Map<AnyLocale, I18n>();

const merged = (locale: Locale): Catalogue => Object.assign({}, ...Object.values(CATALOGUES[locale]));

/** Every message of a language, each missing one in English. */
export function messagesFor(locale: AnyLocale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const english = merged(SOURCE_LOCALE);
    const messages = locale === PSEUDO_LOCALE ? compilePseudo(english) : compileCatalogue(withFallback(merged(locale), english));
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** A text in a language: `translate('af-ZA', 'email.reset.subject')`. */
export const translate = (locale: AnyLocale, key: MessageKey, values?: Record<string, string | number>): string =>
  messagesFor(locale)._(key, values);

/** The church's language and time zone (settings), for mail to people who have not chosen a language. */
export async function churchLocale(db: DbOrTx): Promise<{ locale: Locale; timeZone: string }> {
  const row = (await db.select({ data: churchSettings.data }).from(churchSettings).where(eq(churchSettings.id, 1)).limit(1))[0];
  const data = (row?.data ?? {}) as { defaultLanguage?: string; timeZone?: string };
  return { locale: toLocale(data.defaultLanguage) ?? SOURCE_LOCALE, timeZone: data.timeZone || 'Africa/Johannesburg' };
}

/** The language a person is written to in: their own choice, else the church's. */
export async function recipientLocale(db: DbOrTx, person: { language: string | null } | null | undefined) {
  const church = await churchLocale(db);
  return { ...church, locale: toLocale(person?.language) ?? church.locale };
}

/** `t` and `format` for one recipient. */
export function forRecipient({ locale, timeZone }: { locale: Locale; timeZone: string }): {
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  format: Format;
} {
  return { t: (key, values) => translate(locale, key, values), format: createFormat({ locale, timeZone }) };
}
