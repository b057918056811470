import { useEffect, useSyncExternalStore } from 'react';
import { CHAT } from '@church/contract/chat/constants';
import { sessionStore } from '../../../lib/storage';
import { notify } from '../../../lib/notify';
import { ChatConnection, type SocketLike } from '../lib/chat-connection';

let shared: ChatConnection | null = null;

/** The app's single chat connection: both chat screens use this one. */
export function chatConnection(): ChatConnection {
  shared ??= new ChatConnection({
    url: (token) =>
      `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws?token=${encodeURIComponent(token)}`,
    token: () => sessionStore.token(),
    me: () => {
      const u = sessionStore.user();
      return u ? { id: u.id, name: u.name } : null;
    },
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    notify: (kind, text) => (kind === 'success' ? notify.success(text) : notify.error(text)),
  });
  return shared;
}

/**
 * Subscribes a screen to the connection. Spec §4: connect 2 s after the page
 * loads when a token exists; leaving the chat screen disconnects with 1000.
 */
export function useChatConnection() {
  const conn = chatConnection();
  const snapshot = useSyncExternalStore(conn.subscribe, conn.getSnapshot);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (sessionStore.token()) conn.connect();
    }, CHAT.autoConnectDelayMs);
    return () => {
      clearTimeout(timer);
      conn.disconnect();
    };
  }, [conn]);
  return { conn, ...snapshot };
}
