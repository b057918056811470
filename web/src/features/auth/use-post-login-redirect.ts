import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '@church/contract/users';
import { LOGIN_REDIRECT_DELAY_MS, postLoginDestination } from '@church/contract/rules/redirect';
import { isMobileNow } from '../../lib/use-is-mobile';

/** Where to go after login, or at once when already signed in (spec 000 §4), after 100 ms. */
export function usePostLoginRedirect(user: User | null, enabled: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const remembered = (location.state as { from?: string } | null)?.from ?? null;
  useEffect(() => {
    if (!user || !enabled) return;
    const timer = setTimeout(() => {
      navigate(postLoginDestination(user, { remembered, isMobile: isMobileNow() }), { replace: true });
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, enabled, remembered, navigate]);
}
