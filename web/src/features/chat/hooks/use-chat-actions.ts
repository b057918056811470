import { useCallback } from 'react';
import { CHAT_TEXTS } from '@church/contract/chat/constants';
import { notify } from '../../../lib/notify';
import { reactRest } from '../api/chat-api';
import type { ChatConnection } from '../lib/chat-connection';

/** Retry and react, shared by both screens. */
export function useChatActions(conn: ChatConnection, roomId: string | null) {
  const retry = useCallback(
    (tempId: string) => {
      if (!roomId) return;
      const problem = conn.retry(roomId, tempId);
      if (problem) notify.error(problem);
    },
    [conn, roomId],
  );
  // Over the socket when it is open (the room hears it at once), otherwise over REST.
  const react = useCallback(
    (messageId: string, emoji: string) => {
      if (conn.react(messageId, emoji)) return;
      reactRest(messageId, emoji).catch(() => notify.error(CHAT_TEXTS.reactFailed));
    },
    [conn],
  );
  return { retry, react };
}
