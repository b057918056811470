/**
 * Toasts: top-right, 5000 ms, light (spec 000 §9). One helper so every page
 * says things the same way. The toast library loads on the first toast, not
 * with the app shell: most visits to the public site never show one.
 */
type NotificationsModule = typeof import('@mantine/notifications');

let loading: Promise<NotificationsModule> | undefined;
const hostListeners = new Set<() => void>();
let hostWanted = false;

/** The app's toast container subscribes here and mounts itself once a toast is wanted. */
export function onToastHostWanted(listener: () => void): () => void {
  if (hostWanted) listener();
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function show(message: string, color: 'green' | 'red' | 'blue', autoClose = 5000) {
  if (!hostWanted) {
    hostWanted = true;
    hostListeners.forEach((l) => l());
  }
  loading ??= import('@mantine/notifications');
  void loading.then(({ notifications }) =>
    notifications.show({ message, color, autoClose, closeButtonProps: { 'aria-label': 'Dismiss notification' } }),
  );
}

export const notify = {
  success: (message: string) => show(message, 'green'),
  error: (message: string) => show(message, 'red'),
  info: (message: string) => show(message, 'blue'),
};

/** The developer screens use 3-second toasts (spec 002 §9). */
export const devNotify = {
  success: (message: string) => show(message, 'green', 3000),
  error: (message: string) => show(message, 'red', 3000),
};
