import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastHostWanted } from '../lib/notify';
import { useIsMobile } from '../lib/use-is-mobile';
import classes from './toast-host.module.css';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Mounts Mantine's toast container the first time something wants to show a
 * toast. Top-right as the spec says (000 §9) on wider screens; on phones the
 * top right is the header's bell and avatar, so toasts rise from the bottom
 * centre, lifted clear of the phone frame's tab bar (toast-host.module.css).
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  const isMobile = useIsMobile();
  useEffect(() => onToastHostWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={isMobile ? 'bottom-center' : 'top-right'} autoClose={5000} classNames={{ root: classes.root }} />
    </Suspense>
  );
}
