import { can } from '@church/contract/roles';
import { CHAT, CHAT_ERRORS } from '@church/contract/chat/constants';
import { DEFAULT_ROOMS, DEFAULT_ROOM_SETTINGS, type CreateRoomRequest } from '@church/contract/chat/rooms';
import type { SendMessageInput } from '@church/contract/chat/messages';
import { createFloodGate, slowModeWait } from '@church/contract/chat/rules';
import type { UserRow } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/client';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import type { ChatBus } from '../../realtime/bus';
import type { ChatRepository, MessageWithSender } from './repository';
import { presentMessage, presentRoom, summariseReactions, type StoredFile } from './presenter';

/** A user id no one has: listRooms joins membership on it and finds none. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

type Actor = Pick<UserRow, 'id' | 'name' | 'role' | 'permissions'>;

/** A socket's sender: the token version its token carried, and where the person as they are now is handed. */
export interface SocketSession {
  tokenVersion: number;
  refreshed: (now: Actor) => void;
}

/** The socket's session ended (password, e-mail or role changed, account disabled or deleted): nothing was done. */
export class SessionEndedError extends Error {
  constructor() {
    super('session ended');
  }
}

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

/**
 * Chat rules, shared by the REST routes and the socket hub: membership gates
 * reading and posting, announcement rooms take posts from leaders only, a
 * message is stored (once per sender and tempId) before anyone hears of it.
 */
export function createChatService(deps: { repo: ChatRepository; bus: ChatBus; onlineUsers: () => number }) {
  const { repo, bus } = deps;
  const flood = createFloodGate();
  const sweep = setInterval(() => flood.sweep(), CHAT.floodWindowMs * 6);
  sweep.unref();

  async function withReactions(rows: MessageWithSender[]) {
    const reactions = await repo.reactionsFor(rows.map((r) => r.id));
    return rows.map((r) => presentMessage(r, summariseReactions(reactions.filter((x) => x.messageId === r.id))));
  }

  async function roomOrThrow(roomId: string) {
    const room = await repo.findRoom(roomId);
    if (!room) throw notFound(CHAT_ERRORS.roomNotFound);
    return room;
  }

  async function requireMember(user: Actor, roomId: string) {
    const room = await roomOrThrow(roomId);
    if (!(await repo.isMember(roomId, user.id))) throw forbidden(CHAT_ERRORS.notMember);
    return room;
  }

  const canPostIn = (user: Actor, type: string) => type !== 'announcement' || can(user, 'chat:announce');

  async function roomView(user: Actor, roomId: string, withMembers = false) {
    const [row] = await repo.listRooms(user.id, roomId);
    if (!row) throw notFound(CHAT_ERRORS.roomNotFound);
    return presentRoom(row, canPostIn(user, row.type), withMembers ? await repo.roomMembers(roomId) : undefined);
  }

  /**
   * A resend of a stored message: announce it again. If the first attempt's
   * instance died between storing and announcing, this is the only way the
   * room hears of it; clients drop a new_message whose id they already have.
   */
  async function redeliver(existing: MessageWithSender) {
    const message = (await withReactions([existing]))[0]!;
    await bus.publish({ t: 'room', roomId: existing.roomId, frame: { type: 'new_message', roomId: existing.roomId, message } });
    return { message, duplicate: true };
  }

  /**
   * Stores a message once per (sender, tempId) and tells the room. `session`: the message came over a
   * socket. Its token version is checked here, in the same statement as the room, and the person is
   * taken as the database has them now (rights, name; handed to `refreshed` before any rule is applied).
   * An ended session throws SessionEndedError and nothing is done.
   */
  async function storeAndAnnounce(
    sender: Actor,
    roomId: string,
    input: { text: string; messageType: string; repliedTo: string | null; tempId: string | null; file?: StoredFile },
    session?: SocketSession,
  ) {
    // requireMember's checks, the session check and the resend check in one round trip: this runs for every message.
    const context = await repo.postingContext(roomId, sender.id, input.tempId);
    let user = sender;
    if (session) {
      const now = context?.sender;
      if (!now || !now.isActive || now.tokenVersion !== session.tokenVersion) throw new SessionEndedError();
      user = { id: sender.id, name: now.name, role: now.role, permissions: now.permissions };
      session.refreshed(user);
    }
    if (!context?.room) throw notFound(CHAT_ERRORS.roomNotFound);
    if (!context.isMember) throw forbidden(CHAT_ERRORS.notMember);
    const { room } = context;
    if (!canPostIn(user, room.type)) throw forbidden(CHAT_ERRORS.announceOnly);
    // A resend of a stored tempId is confirmed again, never stored twice, and never throttled.
    if (input.tempId && context.resent) {
      const existing = await repo.findByTempId(user.id, input.tempId);
      if (existing) return redeliver(existing);
    }
    if (!flood.allow(`${user.id}:${roomId}`))
      throw new HttpError(429, CHAT_ERRORS.flood, { 'retry-after': String(CHAT.floodWindowMs / 1000) });
    const settings = { ...DEFAULT_ROOM_SETTINGS, ...(room.settings as object) };
    if (settings.slowMode > 0 && !can(user, 'chat:announce')) {
      const wait = slowModeWait(settings.slowMode, await repo.lastSentAt(roomId, user.id));
      if (wait > 0) throw new HttpError(429, CHAT_ERRORS.slowMode(wait), { 'retry-after': String(wait) });
    }
    if (input.repliedTo) {
      const target = await repo.findMessage(input.repliedTo);
      if (!target || target.roomId !== roomId) throw badRequest(CHAT_ERRORS.repliedToMissing);
    }
    const row = await repo.insertMessage({
      roomId,
      senderId: user.id,
      content: input.text,
      messageType: input.messageType,
      repliedTo: input.repliedTo,
      tempId: input.tempId,
      file: input.file ?? null,
    });
    if (!row) {
      // Lost a race with the same tempId sent at the same moment (two sockets): confirm the stored one.
      const existing = input.tempId ? await repo.findByTempId(user.id, input.tempId) : null;
      if (!existing) throw conflict('That message was already sent');
      return redeliver(existing);
    }
    const message = presentMessage({ ...row, senderName: user.name });
    await bus.publish({ t: 'room', roomId, frame: { type: 'new_message', roomId, message } });
    return { message, duplicate: false };
  }

  return {
    canPostIn,

    /** A page of the active rooms (every one without `page`), with this person's membership and unread counts. */
    async listRooms(user: Actor, page?: { page: number; limit: number }) {
      const { rows, total } = await repo.roomsPage(user.id, page ? { limit: page.limit, offset: (page.page - 1) * page.limit } : {});
      return { rooms: rows.map((r) => presentRoom(r, canPostIn(user, r.type))), total };
    },

    /** The room list as an API key sees it: no membership, no unread counts, no posting. */
    async listPublicRooms(page: { page: number; limit: number }) {
      const { rows, total } = await repo.roomsPage(NO_USER, { limit: page.limit, offset: (page.page - 1) * page.limit });
      return { rooms: rows.map((r) => presentRoom(r, false)), total };
    },

    async createRoom(user: Actor, input: CreateRoomRequest & { description: string; type: 'public' | 'announcement' }) {
      try {
        const row = await repo.db.transaction(async (tx) => {
          const created = await repo.insertRoom(
            {
              name: input.name,
              description: input.description,
              type: input.type,
              settings: { ...DEFAULT_ROOM_SETTINGS, ...input.settings },
              createdBy: user.id,
            },
            tx,
          );
          if (!created) throw conflict('A room with that name already exists');
          await repo.addMember(created.id, user.id, tx);
          return created;
        });
        return roomView(user, row.id);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('A room with that name already exists');
        throw err;
      }
    },

    /** Spec 000 §6: admin-type roles create the default rooms; running it again changes nothing. */
    async initializeDefaults(user: Actor) {
      await repo.db.transaction(async (tx) => {
        for (const [i, def] of DEFAULT_ROOMS.entries()) {
          const created = await repo.insertRoom({ ...def, settings: def.settings, createdBy: user.id, position: i }, tx);
          if (created) await repo.addMember(created.id, user.id, tx);
        }
      });
      return (await this.listRooms(user)).rooms;
    },

    /** Room details for anyone who may see the room; its member list only for people in it. */
    info: async (user: Actor, roomId: string) => roomView(user, roomId, await repo.isMember(roomId, user.id)),

    async join(user: Actor, roomId: string) {
      await roomOrThrow(roomId);
      const added = await repo.addMember(roomId, user.id);
      if (added) {
        await bus.publish({ t: 'membership', roomId, userId: user.id, joined: true });
        await bus.publish({
          t: 'room',
          roomId,
          frame: { type: 'user_joined', roomId, userId: user.id, userName: user.name },
          exceptUserId: user.id,
        });
      }
      return roomView(user, roomId);
    },

    async leave(user: Actor, roomId: string) {
      const room = await roomOrThrow(roomId);
      const removed = await repo.removeMember(roomId, user.id);
      if (removed) {
        await bus.publish({ t: 'membership', roomId, userId: user.id, joined: false });
        await bus.publish({ t: 'room', roomId, frame: { type: 'user_left', roomId, userId: user.id, userName: user.name } });
      }
      return { roomId, message: `You left ${room.name}` };
    },

    async messages(user: Actor, roomId: string, limit: number, before?: string) {
      await requireMember(user, roomId);
      const rows = await repo.messagePage(roomId, limit + 1, before ? Number(before) : undefined);
      const hasMore = rows.length > limit;
      const page = hasMore ? rows.slice(1) : rows;
      const messages = await withReactions(page);
      return { messages, hasMore, nextCursor: hasMore && messages[0] ? messages[0].cursor : null };
    },

    async search(user: Actor, roomId: string, q: string) {
      await requireMember(user, roomId);
      return withReactions(await repo.search(roomId, q, CHAT.searchMaxResults));
    },

    /** `session`: sent over a socket (see storeAndAnnounce); a REST request's session was checked by its guard. */
    send: (user: Actor, roomId: string, input: SendMessageInput, session?: SocketSession) => storeAndAnnounce(user, roomId, input, session),

    async sendFile(user: Actor, roomId: string, file: StoredFile, caption: string) {
      return storeAndAnnounce(user, roomId, {
        text: caption || file.name,
        messageType: file.mimeType.startsWith('image/') ? 'image' : 'file',
        repliedTo: null,
        tempId: null,
        file,
      });
    },

    /** Room settings and membership for an upload, checked before the bytes are read. */
    async uploadTarget(user: Actor, roomId: string) {
      const room = await requireMember(user, roomId);
      if (!canPostIn(user, room.type)) throw forbidden(CHAT_ERRORS.announceOnly);
      return { ...DEFAULT_ROOM_SETTINGS, ...(room.settings as object) };
    },

    async fileOf(user: Actor, messageId: string) {
      const msg = await repo.findMessage(messageId);
      if (!msg || !msg.file) throw notFound(CHAT_ERRORS.messageNotFound);
      await requireMember(user, msg.roomId);
      return msg.file as StoredFile;
    },

    async react(user: Actor, messageId: string, emoji: string) {
      const msg = await repo.findMessage(messageId);
      if (!msg) throw notFound(CHAT_ERRORS.messageNotFound);
      await requireMember(user, msg.roomId);
      const added = await repo.toggleReaction(messageId, user.id, emoji);
      const reactions = summariseReactions(await repo.reactionsFor([messageId]));
      await bus.publish({
        t: 'room',
        roomId: msg.roomId,
        frame: { type: 'message_reacted', roomId: msg.roomId, messageId, emoji, userId: user.id, added, reactions },
      });
      return { messageId, roomId: msg.roomId, emoji, added, reactions };
    },

    async markRead(user: Actor, roomId: string) {
      await requireMember(user, roomId);
      const at = await repo.markRead(roomId, user.id);
      return { roomId, unreadCount: 0, lastReadAt: at.toISOString() };
    },

    async assertMember(user: Actor, roomId: string) {
      await requireMember(user, roomId);
    },

    memberRoomIds: (userId: string) => repo.memberRoomIds(userId),

    isMember: (user: Actor, roomId: string) => repo.isMember(roomId, user.id),

    sessionStates: (userIds: string[]) => repo.sessionStates(userIds),
    liveSessions: (sessionIds: string[]) => repo.liveSessions(sessionIds),

    async stats(user: Actor) {
      return { ...(await repo.stats(user.id, startOfToday())), onlineUsers: deps.onlineUsers() };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
