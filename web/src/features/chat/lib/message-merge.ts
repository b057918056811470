import type { ChatMessage, MessageStatus } from '@church/contract/chat/messages';

export type UiMessage = ChatMessage & { status: MessageStatus; error?: string };

/**
 * Adds messages to a room's list: a server copy replaces the optimistic one
 * with the same tempId; a message already present (by id) is updated, never
 * doubled (the socket and a history reload can both deliver it). Order:
 * stored messages by cursor, optimistic ones after them in send order.
 */
export function mergeMessages(list: readonly UiMessage[], incoming: readonly UiMessage[]): UiMessage[] {
  const out = [...list];
  for (const msg of incoming) {
    const sameId = out.findIndex((m) => m.id === msg.id);
    if (sameId >= 0) {
      out[sameId] = { ...out[sameId]!, ...msg };
      continue;
    }
    const sameTemp =
      msg.tempId && msg.sender ? out.findIndex((m) => m.cursor === '' && m.tempId === msg.tempId && m.sender?.id === msg.sender?.id) : -1;
    if (sameTemp >= 0) out.splice(sameTemp, 1);
    out.push(msg);
  }
  const stored = out.filter((m) => m.cursor !== '').sort((a, b) => Number(a.cursor) - Number(b.cursor));
  const pending = out.filter((m) => m.cursor === '');
  return [...stored, ...pending];
}
