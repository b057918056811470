import { useId } from 'react';
import { useLingui } from '@lingui/react';
import { LANGUAGE_NAMES, LOCALES, type AnyLocale } from '@church/contract/i18n/locales';
import { switchLocale } from '../lib/i18n/i18n';
import { saveLanguage } from '../lib/i18n/save-language';
import { useSession } from '../lib/session';
import { useT } from '../lib/i18n/use-t';
import classes from './language-switcher.module.css';

/**
 * The language menu (header, phone frame, management header): each language in its own name.
 * A native select: the phone's own picker, keyboard and screen readers for free, and no popover code
 * in the public site's first load. The choice is remembered on this browser and, signed in, for the
 * member's e-mails and documents too.
 */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { i18n } = useLingui();
  const t = useT();
  const { user } = useSession();
  const id = useId();
  const current = (i18n.locale || 'en-ZA') as AnyLocale;
  return (
    <span className={classes.wrap}>
      <label htmlFor={id} className={classes.label}>
        {t('common.language')}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        className={tone === 'dark' ? classes.selectDark : classes.select}
        value={current}
        onChange={(e) => {
          const locale = e.currentTarget.value as AnyLocale;
          void switchLocale(locale)
            .then(() => (user ? saveLanguage(locale) : undefined))
            // Not kept with the account (offline, signed out elsewhere): the choice still holds on this browser.
            .catch(() => undefined);
        }}
      >
        {current === 'en-XA' && <option value="en-XA">Pseudo</option>}
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
