import type { Locale } from '@church/contract/i18n/locales';
import { api } from '../api-client';
import { sessionStore } from '../storage';

/** A signed-in member's choice, kept with their account for their e-mails and documents (PUT /api/auth/language). */
export async function saveLanguage(language: Locale | 'en-XA'): Promise<void> {
  if (language === 'en-XA') return;
  await api('/auth/language', { method: 'PUT', body: { language } });
  const user = sessionStore.user();
  if (user) sessionStore.saveUser({ ...user, language });
}
