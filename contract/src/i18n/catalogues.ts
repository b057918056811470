/**
 * Every catalogue, imported statically for the server (e-mails, PDFs, messages, the home page's
 * language) and the tests; the browser loads its own per language and namespace (web/src/lib/i18n).
 * A new namespace file is listed here and in keys.ts (i18n/catalogues.test.ts says when one is missing).
 */
import type { Locale } from './locales';
import type { Catalogue } from './compile';

import enZA_common from '../../i18n/en-ZA/common.json';
import enZA_site from '../../i18n/en-ZA/site.json';
import enZA_bible from '../../i18n/en-ZA/bible.json';
import enZA_member from '../../i18n/en-ZA/member.json';
import enZA_auth from '../../i18n/en-ZA/auth.json';
import enZA_email from '../../i18n/en-ZA/server/email.json';
import afZA_common from '../../i18n/af-ZA/common.json';
import afZA_site from '../../i18n/af-ZA/site.json';
import afZA_bible from '../../i18n/af-ZA/bible.json';
import afZA_member from '../../i18n/af-ZA/member.json';
import afZA_auth from '../../i18n/af-ZA/auth.json';
import afZA_email from '../../i18n/af-ZA/server/email.json';
import zuZA_common from '../../i18n/zu-ZA/common.json';
import zuZA_site from '../../i18n/zu-ZA/site.json';
import zuZA_bible from '../../i18n/zu-ZA/bible.json';
import zuZA_member from '../../i18n/zu-ZA/member.json';
import zuZA_auth from '../../i18n/zu-ZA/auth.json';
import zuZA_email from '../../i18n/zu-ZA/server/email.json';
import xhZA_common from '../../i18n/xh-ZA/common.json';
import xhZA_site from '../../i18n/xh-ZA/site.json';
import xhZA_bible from '../../i18n/xh-ZA/bible.json';
import xhZA_member from '../../i18n/xh-ZA/member.json';
import xhZA_auth from '../../i18n/xh-ZA/auth.json';
import xhZA_email from '../../i18n/xh-ZA/server/email.json';

/** Namespaces the browser loads (contract/i18n/<locale>/<ns>.json). */
export const WEB_NAMESPACES = ['common', 'site', 'bible', 'member', 'auth'] as const;
/** Namespaces only the server uses (contract/i18n/<locale>/server/<ns>.json): e-mails, documents, messages. */
export const SERVER_NAMESPACES = ['email'] as const;
export type Namespace = (typeof WEB_NAMESPACES)[number] | (typeof SERVER_NAMESPACES)[number];

export const CATALOGUES: Record<Locale, Record<Namespace, Catalogue>> = {
  'en-ZA': { common: enZA_common, site: enZA_site, bible: enZA_bible, member: enZA_member, auth: enZA_auth, email: enZA_email },
  'af-ZA': { common: afZA_common, site: afZA_site, bible: afZA_bible, member: afZA_member, auth: afZA_auth, email: afZA_email },
  'zu-ZA': { common: zuZA_common, site: zuZA_site, bible: zuZA_bible, member: zuZA_member, auth: zuZA_auth, email: zuZA_email },
  'xh-ZA': { common: xhZA_common, site: xhZA_site, bible: xhZA_bible, member: xhZA_member, auth: xhZA_auth, email: xhZA_email },
};
