import { lazy, Suspense, useEffect, useState } from 'react';
import { onModalsHostWanted } from '../lib/modals';

const ModalsManager = lazy(() => import('./modals-manager'));

/**
 * Mounts Mantine's modals manager the first time a dialog is opened from code
 * (lib/modals.ts), so its code stays out of the first load. A sibling of the
 * app, not a wrapper: dialogs reach it through window events, and mounting it
 * later must not remount the page.
 */
export function ModalsHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onModalsHostWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsManager />
    </Suspense>
  );
}
