import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, hasRole, PASTOR_DASHBOARD_ROLES, PASTOR_PAGE_ROLES, type Permission } from '@church/contract/roles';
import { dashboardFor } from '@church/contract/rules/redirect';
import { TEXTS } from '@church/contract/texts';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { notify } from '../../lib/notify';
import { paths } from '../../config/paths';
import { FullPageLoader } from './full-page-loader';

/** Spec 002 §2.2: not signed in → /login, remembering where the person was going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullPageLoader />;
  if (!isAuthenticated) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return children ?? <Outlet />;
}

/** Pastor pages: pastor, admin, superadmin; others go to their dashboard. */
export function RequirePastor({ children, allowElder = false }: { children?: ReactNode; allowElder?: boolean }) {
  const { user } = useSession();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const allowed = hasRole(user, allowElder ? PASTOR_DASHBOARD_ROLES : PASTOR_PAGE_ROLES);
  // Spec 001 §2: the access-denied toast belongs to the pastor dashboard; other pages redirect quietly.
  const toast = !allowed && allowElder && pathname === paths.pastorDashboard;
  useEffect(() => {
    if (toast) notify.error(TEXTS.pastorAccessDenied);
  }, [toast]);
  if (!allowed) return <Navigate to={dashboardFor(isMobile)} replace />;
  return children ?? <Outlet />;
}

/**
 * Pages guarded by one permission rather than a role (the finance pages: a
 * church grants 'finance:manage' to a deacon treasurer without making them a
 * pastor). Refused people go to their dashboard, as under RequirePastor.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children?: ReactNode }) {
  const { user } = useSession();
  const isMobile = useIsMobile();
  if (!can(user, permission)) return <Navigate to={dashboardFor(isMobile)} replace />;
  return children ?? <Outlet />;
}

/** Developer pages: role developer or permission api:access, else /unauthorized. */
export function RequireDeveloper({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (!can(user, 'api:access')) return <Navigate to={paths.unauthorized} replace />;
  return children ?? <Outlet />;
}

/**
 * Desktop-only and mobile-only pages (spec 000 §2): /dashboard on a phone
 * goes to /mobile/dashboard and the other way round.
 */
export function RequireDevice({ device, otherwise, children }: { device: 'mobile' | 'desktop'; otherwise: string; children: ReactNode }) {
  const isMobile = useIsMobile();
  if ((device === 'mobile') !== isMobile) return <Navigate to={otherwise} replace />;
  return children;
}
