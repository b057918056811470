import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '@church/contract/users';
import { LOGIN_REDIRECT_DELAY_MS, postLoginDestination } from '@church/contract/rules/redirect';
import { readReturnTo } from '../../lib/return-to';
import { isMobileNow } from '../../lib/use-is-mobile';

/** Where to go after login, or at once when already signed in (spec 000 §4), after 100 ms. */
export function usePostLoginRedirect(user: User | null, enabled: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = readReturnTo(location.state);
  const remembered = returnTo?.from ?? null;
  // What the person meant to do there (e.g. register for the event they came from) travels with them.
  const register = !!returnTo?.then?.register;
  useEffect(() => {
    if (!user || !enabled) return;
    const timer = setTimeout(() => {
      const to = postLoginDestination(user, { remembered, isMobile: isMobileNow() });
      navigate(to, { replace: true, state: to === remembered && register ? { register: true } : undefined });
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, enabled, remembered, register, navigate]);
}
