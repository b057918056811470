import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leaveResponse, messagesResponse, roomResponse, roomsResponse } from '@church/contract/chat/api';
import { CHAT } from '@church/contract/chat/constants';
import { api } from '../../../lib/api-client';

export const chatKeys = {
  rooms: ['chat', 'rooms'] as const,
  messages: (roomId: string) => ['chat', 'messages', roomId] as const,
  info: (roomId: string) => ['chat', 'info', roomId] as const,
};

export const roomsQuery = () =>
  queryOptions({ queryKey: chatKeys.rooms, queryFn: async () => (await api('/chat/rooms', { schema: roomsResponse })).data.rooms });

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
