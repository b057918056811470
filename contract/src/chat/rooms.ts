import { z } from 'zod';
import { entityIds } from '../http';
import { CHAT } from './constants';

export const ROOM_TYPES = ['public', 'announcement'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const roomSettingsSchema = z.object({
  allowImages: z.boolean(),
  allowFiles: z.boolean(),
  allowVoice: z.boolean(),
  slowMode: z.number().int().min(0).max(3600).describe('Seconds a member waits between messages (0 = off)'),
  maxFileSize: z.number().int().positive().max(CHAT.maxFileSize).describe('Largest file a member may share, in bytes'),
});
export type RoomSettings = z.infer<typeof roomSettingsSchema>;

export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  allowImages: true,
  allowFiles: true,
  allowVoice: false,
  slowMode: 0,
  maxFileSize: CHAT.maxFileSize,
};

/** Spec 002 §2.3 and §9: the four default rooms, in the order the lists show them. */
export const DEFAULT_ROOMS: ReadonlyArray<{ name: string; description: string; type: RoomType; settings: RoomSettings }> = [
  {
    name: 'General Chat',
    description: 'Fellowship and everyday conversation for the whole church family',
    type: 'public',
    settings: DEFAULT_ROOM_SETTINGS,
  },
  {
    name: 'Prayer Requests',
    description: 'Share prayer needs and pray for one another',
    type: 'public',
    settings: { ...DEFAULT_ROOM_SETTINGS, maxFileSize: CHAT.prayerRoomMaxFileSize },
  },
  {
    name: 'Events & Announcements',
    description: 'News and announcements from church leadership',
    type: 'announcement',
    settings: DEFAULT_ROOM_SETTINGS,
  },
  {
    name: 'Bible Study',
    description: 'Discuss scripture, study notes and weekly readings',
    type: 'public',
    settings: DEFAULT_ROOM_SETTINGS,
  },
];

const personRef = z.object({ ...entityIds, name: z.string() });

export const roomMemberSchema = z.object({ ...entityIds, name: z.string(), role: z.string() });

export const roomSchema = z
  .object({
    ...entityIds,
    name: z.string(),
    description: z.string(),
    type: z.enum(ROOM_TYPES),
    memberCount: z.number().int(),
    unreadCount: z.number().int().describe('Messages from others since you last read the room (0 when not a member)'),
    isMember: z.boolean().describe('Whether the signed-in user belongs to the room'),
    canPost: z.boolean().describe('Whether the signed-in user may post here (announcement rooms: leaders only)'),
    members: z.array(roomMemberSchema).optional().describe('Present on the room info call'),
    settings: roomSettingsSchema,
    createdBy: personRef.nullable(),
    isActive: z.boolean(),
    lastMessageAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .describe('ChatRoom');
export type ChatRoom = z.infer<typeof roomSchema>;

export const createRoomRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Room name is required')
    .max(CHAT.maxRoomNameLength, `Room name must be at most ${CHAT.maxRoomNameLength} characters`),
  description: z.string().trim().max(CHAT.maxRoomDescriptionLength).default(''),
  type: z.enum(ROOM_TYPES).default('public'),
  settings: roomSettingsSchema.partial().optional(),
});
export type CreateRoomRequest = z.input<typeof createRoomRequest>;
