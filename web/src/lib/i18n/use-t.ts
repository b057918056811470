import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { MessageKey } from '@church/contract/i18n/keys';
import { i18n as browserI18n } from './i18n';

export type Values = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: Values) => string;

/** A typed `t` over an instance: keys are those of the English catalogues (a typo fails typecheck). */
export const translator =
  (i18n: I18n): Translate =>
  (key, values) =>
    i18n._(key, values);

/**
 * `const t = useT(); t('auth.login.title')`: the text in the reader's language. The component re-renders
 * when the language changes. Pass figures already formatted (useFormat) — never build a sentence from
 * pieces: put the whole sentence in the catalogue with {placeholders}.
 */
export function useT(): Translate {
  const { i18n } = useLingui();
  return translator(i18n);
}

/** For code outside components (a confirm dialog opened by a click): the browser's active language. */
export const translate: Translate = (key, values) => browserI18n._(key, values);
