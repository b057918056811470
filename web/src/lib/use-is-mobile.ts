import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_MAX_WIDTH } from '@church/contract/rules/redirect';

/** Spec 000 §9: a viewport 768 px wide or less is mobile. Read synchronously on first render. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, isMobileNow(), { getInitialValueInEffect: false }) ?? false;
}

export const isMobileNow = () => typeof window !== 'undefined' && window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches;
