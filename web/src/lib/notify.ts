import { useEffect, type ReactNode } from 'react';

/**
 * Toasts: top-right, 5000 ms, light (spec 000 §9) — bottom-centre on phones,
 * where top-right would cover the header's bell and avatar (toast-host.tsx).
 * One helper so every page says things the same way. The toast library loads
 * on the first toast, not with the app shell: most visits to the public site
 * never show one.
 *
 * Every error toast has an id (its key, by default its text): the same
 * failure twice shows one toast, not a pile. An error is stale once the next
 * attempt succeeds, so a success toast closes the error toasts still showing,
 * and a load that succeeds on retry closes its own (useErrorToast).
 */
type NotificationsModule = typeof import('@mantine/notifications');

let loading: Promise<NotificationsModule> | undefined;
const hostListeners = new Set<() => void>();
let hostWanted = false;
/** Error toasts on screen now: id → text. */
const openErrors = new Map<string, string>();

/** The app's toast container subscribes here and mounts itself once a toast is wanted. */
export function onToastHostWanted(listener: () => void): () => void {
  if (hostWanted) listener();
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function library(): Promise<NotificationsModule> {
  if (!hostWanted) {
    hostWanted = true;
    hostListeners.forEach((l) => l());
  }
  loading ??= import('@mantine/notifications');
  return loading;
}

function show(message: string, color: 'green' | 'red' | 'blue', autoClose = 5000, id?: string) {
  void library().then(({ notifications }) =>
    notifications.show({
      id,
      message,
      color,
      autoClose,
      closeButtonProps: { 'aria-label': 'Dismiss notification' },
      onClose: () => {
        if (id && openErrors.get(id) === message) openErrors.delete(id);
      },
    }),
  );
}

const errorId = (key: string) => `error:${key}`;

function showError(message: string, key = message, autoClose = 5000) {
  const id = errorId(key);
  const showing = openErrors.get(id);
  if (showing === message) return; // already on screen: one toast, not a pile
  openErrors.set(id, message);
  // The same action failed again for another reason: the new reason replaces the old.
  if (showing !== undefined) void library().then(({ notifications }) => notifications.hide(id));
  show(message, 'red', autoClose, id);
}

/** Closes the error toast shown under this key (or with this text), if it is still up. */
function dismissError(key: string) {
  const id = errorId(key);
  if (!openErrors.delete(id) || !loading) return;
  void loading.then(({ notifications }) => notifications.hide(id));
}

/** Something just worked: the failures still on screen are out of date. */
function dismissAllErrors() {
  for (const id of [...openErrors.keys()]) dismissError(id.slice('error:'.length));
}

/** A toast with its own content and lifetime (the installed app's update prompt). */
function custom(options: { id: string; message: ReactNode; autoClose: number | false }) {
  void library().then(({ notifications }) =>
    notifications.show({ ...options, color: 'blue', closeButtonProps: { 'aria-label': 'Dismiss notification' } }),
  );
}

export const notify = {
  custom,
  success: (message: string) => {
    dismissAllErrors();
    show(message, 'green');
  },
  /** `key` groups failures of one action whose texts differ (e.g. the server's reason). */
  error: (message: string, opts: { key?: string } = {}) => showError(message, opts.key),
  info: (message: string) => show(message, 'blue'),
  dismissError,
};

/** The developer screens use 3-second toasts (spec 002 §9). */
export const devNotify = {
  success: (message: string) => {
    dismissAllErrors();
    show(message, 'green', 3000);
  },
  error: (message: string) => showError(message, message, 3000),
};

/**
 * A load's failure toast: shown once when it fails, closed as soon as a retry
 * (or a refetch) succeeds, so a stale 'Failed to load …' never outlives the data.
 */
export function useErrorToast(state: { isError: boolean; isSuccess: boolean }, message: string) {
  useEffect(() => {
    if (state.isError) notify.error(message);
  }, [state.isError, message]);
  useEffect(() => {
    if (state.isSuccess) notify.dismissError(message);
  }, [state.isSuccess, message]);
}
