import type { ModalSettings, OpenConfirmModal } from '@mantine/modals';

/**
 * Dialogs opened from code (confirm logout, cancel a recurring gift, the
 * terms). Mantine's modals manager and its Modal (with ScrollArea, scroll
 * locking and floating-ui) load the first time one is opened, not with the
 * app shell: the public site's first load never shows one (issue 18's home
 * page budget). The app's modals host (app/modals-host.tsx) mounts the
 * manager when asked and says when it listens; only then is the dialog sent.
 */
type ModalsModule = typeof import('@mantine/modals');

let loading: Promise<ModalsModule> | undefined;
let hostWanted = false;
const hostListeners = new Set<() => void>();
let markReady!: () => void;
const hostReady = new Promise<void>((resolve) => (markReady = resolve));

/** The app's modals host subscribes here and mounts the manager once a dialog is wanted. */
export function onModalsHostWanted(listener: () => void): () => void {
  if (hostWanted) listener();
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** Called by the mounted manager: from now on it hears the dialogs sent to it. */
export function modalsHostReady() {
  markReady();
}

async function library(): Promise<ModalsModule> {
  if (!hostWanted) {
    hostWanted = true;
    hostListeners.forEach((l) => l());
  }
  loading ??= import('@mantine/modals');
  const [lib] = await Promise.all([loading, hostReady]);
  return lib;
}

export function openModal(settings: ModalSettings) {
  void library().then(({ modals }) => modals.open(settings));
}

export function openConfirmModal(settings: OpenConfirmModal) {
  void library().then(({ modals }) => modals.openConfirmModal(settings));
}
