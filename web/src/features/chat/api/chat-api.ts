import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leaveResponse, messagesResponse, roomResponse, roomsPageResponse, roomsResponse } from '@church/contract/chat/api';
import { CHAT } from '@church/contract/chat/constants';
import { api } from '../../../lib/api-client';

export const chatKeys = {
  rooms: ['chat', 'rooms'] as const,
  messages: (roomId: string) => ['chat', 'messages', roomId] as const,
  info: (roomId: string) => ['chat', 'info', roomId] as const,
};

/** Every room: the list is paginated like the rest of the API, and a church rarely has more than one page of them. */
export const roomsQuery = () =>
  queryOptions({
    queryKey: chatKeys.rooms,
    queryFn: async () => {
      const limit = 100;
      const first = (await api('/chat/rooms', { query: { page: 1, limit }, schema: roomsPageResponse })).data;
      const rooms = [...first.rooms];
      for (let page = 2; rooms.length < first.total && page <= Math.ceil(first.total / limit); page++)
        rooms.push(...(await api('/chat/rooms', { query: { page, limit }, schema: roomsPageResponse })).data.rooms);
      return rooms;
    },
  });

/** The newest page of a room (spec §9: 50); older pages are read with the cursor. */
export const messagesQuery = (roomId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: async () => (await api(`/chat/rooms/${roomId}/messages`, { query: { limit: CHAT.pageSize }, schema: messagesResponse })).data,
  });

export const fetchOlder = async (roomId: string, before: string) =>
  (await api(`/chat/rooms/${roomId}/messages`, { query: { limit: CHAT.pageSize, before }, schema: messagesResponse })).data;

export const infoQuery = (roomId: string) =>
  queryOptions({
    queryKey: chatKeys.info(roomId),
    queryFn: async () => (await api(`/chat/rooms/${roomId}/info`, { schema: roomResponse })).data.room,
  });

export const useRooms = () => useQuery(roomsQuery());

export function useJoinRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (roomId: string) => (await api(`/chat/rooms/${roomId}/join`, { method: 'POST', schema: roomResponse })).data.room,
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}

export function useLeaveRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (roomId: string) => (await api(`/chat/rooms/${roomId}/leave`, { method: 'POST', schema: leaveResponse })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}

export function useInitializeRooms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api('/chat/rooms/initialize', { method: 'POST', schema: roomsResponse })).data.rooms,
    onSuccess: (rooms) => qc.setQueryData(chatKeys.rooms, rooms),
  });
}

export const markReadRest = (roomId: string) => api(`/chat/rooms/${roomId}/read`, { method: 'POST' });
export const reactRest = (messageId: string, emoji: string) =>
  api(`/chat/messages/${messageId}/react`, { method: 'POST', body: { emoji } });
