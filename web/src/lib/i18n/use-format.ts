import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { createFormat, type Format } from '@church/contract/i18n/format';
import type { AnyLocale } from '@church/contract/i18n/locales';
import { publicSettingsQuery } from '../../components/site/public-settings-query';

const FALLBACK_ZONE = 'Africa/Johannesburg';

/** Figures in the reader's language and the church's time zone (contract/src/i18n/format.ts). */
export function useFormat(): Format {
  const { i18n } = useLingui();
  // The settings every shell's header already loads (the church's name and logo): read, not fetched again.
  const timeZone = useQuery({ ...publicSettingsQuery, enabled: false }).data?.timeZone ?? FALLBACK_ZONE;
  const locale = (i18n.locale || 'en-ZA') as AnyLocale;
  return useMemo(() => createFormat({ locale, timeZone }), [locale, timeZone]);
}
