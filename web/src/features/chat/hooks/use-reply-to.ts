import { useState } from 'react';
import type { UiMessage } from '../lib/message-merge';

/** The message being answered in the open room; another room starts without one. */
export function useReplyTo(roomId: string | null) {
  const [reply, setReply] = useState<{ roomId: string; message: UiMessage } | null>(null);
  const replyTo = reply && reply.roomId === roomId ? reply.message : null;
  return {
    replyTo,
    startReply: (message: UiMessage) => roomId && setReply({ roomId, message }),
    cancelReply: () => setReply(null),
  };
}
