import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastHostWanted } from '../lib/notify';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Mounts Mantine's toast container the first time something wants to show a toast. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastHostWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={5000} />
    </Suspense>
  );
}
