import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@church/contract/chat/rooms';
import { CHAT_TEXTS } from '@church/contract/chat/constants';
import { notify } from '../../../lib/notify';
import type { ChatConnection, ChatSnapshot } from '../lib/chat-connection';
import { chatKeys, fetchOlder, markReadRest, messagesQuery, useJoinRoom } from '../api/chat-api';

const EMPTY: never[] = [];

/**
 * One open room on either screen: joins it (REST membership, then the
 * socket), loads its history into the connection's message list, keeps the
 * read position and the room list's unread counts current, and reloads
 * history after a reconnect so nothing sent meanwhile is missed.
 */
export function useChatRoom(conn: ChatConnection, snapshot: ChatSnapshot, room: ChatRoom | null, opts: { reloadAfterSend?: boolean } = {}) {
  const qc = useQueryClient();
  const roomId = room?.id ?? null;
  const join = useJoinRoom();
  const joining = useRef<string | null>(null);
  const [older, setOlder] = useState<{ loading: boolean; cursor: string | null | undefined }>({ loading: false, cursor: undefined });

  // Opening a room you are not in joins it (spec: the member picks a room and chats).
  useEffect(() => {
    if (!room || room.isMember || joining.current === room.id) return;
    joining.current = room.id;
    join.mutate(room.id, { onError: () => notify.error(CHAT_TEXTS.joinFailed) });
  }, [room, join]);

  const history = useQuery({ ...messagesQuery(roomId ?? ''), enabled: !!room?.isMember });
  useEffect(() => {
    if (roomId && history.data) conn.setHistory(roomId, history.data.messages);
  }, [conn, roomId, history.data]);
  useEffect(() => setOlder({ loading: false, cursor: undefined }), [roomId]);

  const markRead = useCallback(() => {
    if (!roomId) return;
    const done = () => qc.invalidateQueries({ queryKey: chatKeys.rooms });
    if (conn.markRead(roomId)) setTimeout(done, 300);
    else markReadRest(roomId).then(done, () => {});
  }, [conn, qc, roomId]);

  useEffect(() => {
    if (!roomId || !room?.isMember) return;
    if (snapshot.status === 'connected') conn.joinRoom(roomId);
    markRead();
  }, [conn, roomId, room?.isMember, snapshot.status, markRead]);

  useEffect(() => {
    let roomsTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshRooms = () => {
      clearTimeout(roomsTimer);
      roomsTimer = setTimeout(() => qc.invalidateQueries({ queryKey: chatKeys.rooms }), 400);
    };
    const off = conn.onFrame((frame) => {
      if (frame.type === 'connected' && roomId) qc.invalidateQueries({ queryKey: chatKeys.messages(roomId) });
      if (frame.type === 'new_message') {
        if (frame.roomId === roomId) markRead();
        else refreshRooms();
      }
      if (frame.type === 'message_sent' && frame.roomId === roomId && opts.reloadAfterSend)
        qc.invalidateQueries({ queryKey: chatKeys.messages(roomId) });
      if (frame.type === 'user_joined' || frame.type === 'user_left') refreshRooms();
    });
    return () => {
      off();
      clearTimeout(roomsTimer);
    };
  }, [conn, qc, roomId, markRead, opts.reloadAfterSend]);

  const cursor = older.cursor === undefined ? (history.data?.hasMore ? history.data.nextCursor : null) : older.cursor;
  const loadOlder = useCallback(async () => {
    if (!roomId || !cursor) return;
    setOlder((o) => ({ ...o, loading: true }));
    try {
      const page = await fetchOlder(roomId, cursor);
      conn.setHistory(roomId, page.messages);
      setOlder({ loading: false, cursor: page.hasMore ? page.nextCursor : null });
    } catch {
      notify.error(CHAT_TEXTS.loadMessagesFailed);
      setOlder((o) => ({ ...o, loading: false }));
    }
  }, [conn, roomId, cursor]);

  const typing = roomId ? Object.values(snapshot.typing[roomId] ?? {}) : [];
  return {
    messages: roomId ? (snapshot.messages[roomId] ?? EMPTY) : EMPTY,
    history,
    joining: join.isPending,
    typing,
    hasOlder: !!cursor,
    loadingOlder: older.loading,
    loadOlder,
  };
}
