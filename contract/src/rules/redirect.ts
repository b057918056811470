import { hasRole, PASTOR_DASHBOARD_ROLES, type Principal } from '../roles';

/** Spec 000 §9: width 768 px or less counts as mobile. */
export const MOBILE_MAX_WIDTH = 768;
export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH;

/** Spec 000 §4: the redirect after login (or when already signed in) happens after 100 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

/**
 * Spec 000 §4, in order: a remembered destination other than / and /login;
 * a pastor or admin (admin-type) to /pastor-dashboard — and an elder too
 * (issue 18: the pastor dashboard admits elders, so that is their landing
 * page); mobile to /mobile/dashboard; otherwise /dashboard.
 */
export function postLoginDestination(user: Principal, opts: { remembered?: string | null; isMobile: boolean }): string {
  const remembered = opts.remembered;
  // '//host' is another site to the browser: only paths on this one.
  if (remembered && remembered !== '/' && remembered !== '/login' && remembered.startsWith('/') && !remembered.startsWith('//')) {
    return remembered;
  }
  if (hasRole(user, PASTOR_DASHBOARD_ROLES)) return '/pastor-dashboard';
  return opts.isMobile ? '/mobile/dashboard' : '/dashboard';
}

/** Where a signed-in member's home is on this device. */
export const dashboardFor = (isMobile: boolean) => (isMobile ? '/mobile/dashboard' : '/dashboard');
