/**
 * Every message key: those of the English (en-ZA) catalogues. `t('…')` takes only these, so a
 * key that is not in the catalogue fails the typecheck (and i18n/catalogues.test.ts checks the rest).
 * A new namespace file is added here once.
 */
import type common from '../../i18n/en-ZA/common.json';
import type site from '../../i18n/en-ZA/site.json';
import type bible from '../../i18n/en-ZA/bible.json';
import type member from '../../i18n/en-ZA/member.json';
import type auth from '../../i18n/en-ZA/auth.json';
import type email from '../../i18n/en-ZA/server/email.json';

export type MessageKey =
  keyof typeof common | keyof typeof site | keyof typeof bible | keyof typeof member | keyof typeof auth | keyof typeof email;
