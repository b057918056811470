import type { ChatMessage, ReactionSummary } from '@church/contract/chat/messages';
import type { ChatRoom, RoomSettings } from '@church/contract/chat/rooms';
import { DEFAULT_ROOM_SETTINGS } from '@church/contract/chat/rooms';
import type { MessageWithSender, RoomWithCounts } from './repository';

export interface StoredFile {
  storageKey: string;
  name: string;
  size: number;
  mimeType: string;
}

export function summariseReactions(rows: { userId: string; emoji: string }[]): ReactionSummary[] {
  const byEmoji = new Map<string, string[]>();
  for (const r of rows) byEmoji.set(r.emoji, [...(byEmoji.get(r.emoji) ?? []), r.userId]);
  return [...byEmoji].map(([emoji, userIds]) => ({ emoji, count: userIds.length, userIds }));
}

/** The only way a message leaves the server; the storage key of a file never does. */
export function presentMessage(row: MessageWithSender, reactions: ReactionSummary[] = []): ChatMessage {
  const sender = row.senderId && row.senderName ? { _id: row.senderId, id: row.senderId, name: row.senderName } : null;
  const created = row.createdAt.toISOString();
  const file = row.file as StoredFile | null;
  return {
    _id: row.id,
    id: row.id,
    roomId: row.roomId,
    content: row.content,
    message: row.content,
    messageType: row.messageType as ChatMessage['messageType'],
    sender,
    user: sender,
    createdAt: created,
    timestamp: created,
    status: 'delivered',
    repliedTo: row.repliedTo,
    tempId: row.tempId,
    reactions,
    file: file ? { url: `/api/chat/files/${row.id}`, name: file.name, size: file.size, mimeType: file.mimeType } : null,
    cursor: String(row.seq),
  };
}

export function presentRoom(row: RoomWithCounts, canPost: boolean, members?: { id: string; name: string; role: string }[]): ChatRoom {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as ChatRoom['type'],
    memberCount: row.memberCount,
    unreadCount: row.unreadCount,
    isMember: row.isMember,
    canPost: row.isMember && canPost,
    ...(members ? { members: members.map((m) => ({ _id: m.id, id: m.id, name: m.name, role: m.role })) } : {}),
    settings: { ...DEFAULT_ROOM_SETTINGS, ...(row.settings as Partial<RoomSettings>) },
    createdBy: row.createdBy && row.createdByName ? { _id: row.createdBy, id: row.createdBy, name: row.createdByName } : null,
    isActive: row.isActive,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
