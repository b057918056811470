import { CHAT, CHAT_TEXTS } from '@church/contract/chat/constants';
import type { ChatMessage, ReactionSummary } from '@church/contract/chat/messages';
import { canonicalServerFrame, type ServerFrame } from '@church/contract/chat/frames';
import { newTempId, reconnectDelay, shouldReconnect } from '@church/contract/chat/rules';
import { mergeMessages, type UiMessage } from './message-merge';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

export interface ChatSnapshot {
  status: ConnectionStatus;
  /** Reconnect attempts used since the last open. */
  attempts: number;
  /** True after the fifth failed attempt: only a refresh (or Reconnect) helps. */
  gaveUp: boolean;
  /** Code of the last close, null before the first connection (or after a deliberate disconnect). */
  lastClose: number | null;
  messages: Readonly<Record<string, readonly UiMessage[]>>;
  /** roomId → userId → name, of people typing now. */
  typing: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The parts of a browser WebSocket the manager uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface ChatConnectionDeps {
  url: (token: string) => string;
  token: () => string | null;
  me: () => { id: string; name: string } | null;
  createSocket: (url: string) => SocketLike;
  notify: (kind: 'success' | 'error', text: string) => void;
}

const OPEN = 1;
type Listener = () => void;
type FrameListener = (frame: ServerFrame) => void;

/**
 * The one chat connection of the app (spec 002 §4), used by /chat and
 * /mobile/chat alike: connect / reconnect with back-off, heartbeat, rooms
 * re-joined after a reconnect, optimistic sends with tempId confirmed or
 * failed (10 s timeout), typing state. Framework-free; React reads it
 * through useSyncExternalStore.
 */
export class ChatConnection {
  private socket: SocketLike | null = null;
  private state: ChatSnapshot = { status: 'disconnected', attempts: 0, gaveUp: false, lastClose: null, messages: {}, typing: {} };
  private listeners = new Set<Listener>();
  private frameListeners = new Set<FrameListener>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private deliberate = false;
  /** Rooms the screens have open: re-joined on every open. */
  private wanted = new Set<string>();
  /** Rooms joined on the current socket (cleared on close, spec §4). */
  readonly joined = new Set<string>();
  private timeouts = new Map<string, ReturnType<typeof setTimeout>>();
  private typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private myTyping = new Map<string, { since: number; timer: ReturnType<typeof setTimeout> }>();

  constructor(private deps: ChatConnectionDeps) {}

  getSnapshot = () => this.state;
  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  /** Every frame the server sends (unknown types too: spec §7.12 passes them on). */
  onFrame(listener: FrameListener) {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  private set(patch: Partial<ChatSnapshot>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
  private setRoom(roomId: string, update: (list: readonly UiMessage[]) => readonly UiMessage[]) {
    this.set({ messages: { ...this.state.messages, [roomId]: update(this.state.messages[roomId] ?? []) } });
  }

  get isOpen() {
    return this.socket?.readyState === OPEN && this.state.status === 'connected';
  }

  connect() {
    const token = this.deps.token();
    if (!token) {
      this.deps.notify('error', CHAT_TEXTS.loginRequired);
      return;
    }
    if (this.socket && this.state.status !== 'disconnected') return;
    clearTimeout(this.reconnectTimer);
    this.deliberate = false;
    this.set({ status: 'connecting', gaveUp: false });
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url(token));
    } catch {
      this.deps.notify('error', CHAT_TEXTS.connectFailed);
      this.set({ status: 'disconnected' });
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.set({ status: 'connected', attempts: 0, gaveUp: false });
      this.startHeartbeat();
      this.deps.notify('success', CHAT_TEXTS.connected);
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => {
      if (this.state.status === 'connected') this.deps.notify('error', CHAT_TEXTS.connectionError);
    };
    socket.onclose = (ev) => this.closed(socket, ev.code, ev.reason);
  }

  /** A person pressed Reconnect: a fresh round of attempts. */
  reconnect() {
    this.set({ attempts: 0, gaveUp: false });
    if (this.socket) this.socket.close(CHAT.normalCloseCode);
    this.socket = null;
    this.set({ status: 'disconnected' });
    this.connect();
  }

  /** Deliberate: close with 1000, forget joined rooms and the attempt counter. */
  disconnect() {
    this.deliberate = true;
    clearTimeout(this.reconnectTimer);
    this.stopHeartbeat();
    this.joined.clear();
    this.wanted.clear();
    const s = this.socket;
    this.socket = null;
    s?.close(CHAT.normalCloseCode, 'Client disconnect');
    this.set({ status: 'disconnected', attempts: 0, gaveUp: false, lastClose: null, typing: {} });
  }

  private closed(socket: SocketLike, code: number, reason = '') {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopHeartbeat();
    this.joined.clear();
    this.set({ status: 'disconnected', typing: {}, lastClose: code });
    if (this.deliberate) return;
    if (!shouldReconnect(code)) {
      // The server said why (session ended, opened elsewhere): say it, and leave the Reconnect button.
      if (code !== CHAT.normalCloseCode) {
        this.set({ gaveUp: true });
        this.deps.notify('error', reason || CHAT_TEXTS.connectionLost);
      }
      return;
    }
    const attempt = this.state.attempts + 1;
    const delay = reconnectDelay(attempt);
    if (delay === null) {
      this.set({ gaveUp: true });
      this.deps.notify('error', CHAT_TEXTS.connectionLost);
      return;
    }
    this.set({ attempts: attempt });
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private startHeartbeat() {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => this.raw({ type: 'ping', timestamp: Date.now() }), CHAT.heartbeatMs);
  }
  private stopHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private raw(frame: object) {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private receive(data: unknown) {
    let frame: ServerFrame;
    try {
      // The spec names three frames two ways (typing / user_typing, user_join / user_joined, user_leave / user_left).
      frame = canonicalServerFrame(JSON.parse(String(data)) as { type: string });
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== 'string') return;
    switch (frame.type) {
      case 'connected':
        // Rooms the screens have open, and messages still waiting, go again on the new socket.
        for (const roomId of this.wanted) this.raw({ type: 'join_room', roomId });
        for (const [roomId, list] of Object.entries(this.state.messages)) {
          for (const m of list) if (m.status === 'sending' && m.tempId) this.sendFrame(roomId, m.content, m.tempId, m.repliedTo);
        }
        break;
      case 'room_joined':
        this.joined.add(frame.roomId);
        break;
      case 'room_left':
        this.joined.delete(frame.roomId);
        break;
      case 'message_sent':
        this.confirm(frame.roomId, frame.tempId, frame.message);
        break;
      case 'message_delivered':
        if (frame.tempId) this.clearTimeout(frame.tempId);
        break;
      case 'message_failed':
        if (frame.tempId) this.fail(frame.tempId, frame.reason);
        this.deps.notify('error', CHAT_TEXTS.messageFailed(frame.reason));
        break;
      case 'new_message':
        this.setRoom(frame.roomId, (list) => mergeMessages(list, [{ ...frame.message, status: 'delivered' }]));
        break;
      case 'message_reacted':
        this.applyReactions(frame.roomId, frame.messageId, frame.reactions);
        break;
      case 'user_typing':
        this.typingFrom(frame.roomId, frame.userId, frame.userName, frame.isTyping);
        break;
      case 'ping':
        this.raw({ type: 'pong', timestamp: frame.timestamp });
        break;
      case 'error':
        this.deps.notify('error', frame.message || CHAT_TEXTS.serverError);
        break;
      default:
        break;
    }
    for (const l of this.frameListeners) l(frame);
  }

  /** Open a room on the socket (and again after every reconnect). */
  joinRoom(roomId: string) {
    this.wanted.add(roomId);
    this.raw({ type: 'join_room', roomId });
  }
  leaveRoom(roomId: string) {
    this.wanted.delete(roomId);
    this.raw({ type: 'leave_room', roomId });
  }

  /** History from the REST call, merged with what the socket already delivered. */
  setHistory(roomId: string, messages: ChatMessage[]) {
    this.setRoom(roomId, (list) =>
      mergeMessages(
        list,
        messages.map((m) => ({ ...m, status: 'delivered' as const })),
      ),
    );
  }

  /**
   * Optimistic send (spec §4): the message shows as sending at once and turns
   * delivered on confirmation, or failed on message_failed or after 10 s.
   * Returns the reason it could not be sent, or null.
   */
  send(roomId: string, text: string, tempId = newTempId(), repliedTo: string | null = null): string | null {
    const content = text.trim();
    if (!content) return null;
    if (!this.isOpen) return CHAT_TEXTS.notConnected;
    const me = this.deps.me();
    const now = new Date().toISOString();
    const sender = me ? { _id: me.id, id: me.id, name: me.name } : null;
    const optimistic: UiMessage = {
      _id: tempId,
      id: tempId,
      roomId,
      content,
      message: content,
      messageType: 'text',
      sender,
      user: sender,
      createdAt: now,
      timestamp: now,
      status: 'sending',
      repliedTo,
      tempId,
      reactions: [],
      file: null,
      cursor: '',
    };
    this.setRoom(roomId, (list) => [...list, optimistic]);
    this.stopTyping(roomId);
    this.sendFrame(roomId, content, tempId, repliedTo);
    this.timeouts.set(
      tempId,
      setTimeout(() => this.fail(tempId, CHAT_TEXTS.timeout), CHAT.messageTimeoutMs),
    );
    return null;
  }

  private sendFrame(roomId: string, content: string, tempId: string, repliedTo: string | null) {
    // Both spellings of spec §7.12: data.message (desktop) and content (mobile); data.repliedTo names the message answered.
    this.raw({ type: 'send_message', roomId, tempId, content, data: { message: content, messageType: 'text', repliedTo } });
  }

  /** Retry (spec §4): remove the failed message and send its text again, with the same tempId so the server never stores it twice. */
  retry(roomId: string, tempId: string): string | null {
    const msg = this.state.messages[roomId]?.find((m) => m.tempId === tempId && m.status === 'failed');
    if (!msg) return null;
    if (!this.isOpen) return CHAT_TEXTS.connectionNotOpen;
    this.setRoom(roomId, (list) => list.filter((m) => m !== msg));
    return this.send(roomId, msg.content, tempId, msg.repliedTo);
  }

  react(messageId: string, emoji: string) {
    return this.raw({ type: 'react_message', messageId, emoji });
  }
  markRead(roomId: string) {
    return this.raw({ type: 'mark_read', roomId });
  }
  setPresence(status: 'online' | 'away' | 'offline') {
    this.raw({ type: 'presence', status });
  }

  /** Called on every keystroke: tells the room once, then clears after 1 s without typing (spec §4). */
  typing(roomId: string, clearMs: number = CHAT.typingClearInputMs) {
    const current = this.myTyping.get(roomId);
    if (current) clearTimeout(current.timer);
    const now = Date.now();
    if (!current || now - current.since > CHAT.typingClearInputMs) this.raw({ type: 'typing', roomId, data: { isTyping: true } });
    this.myTyping.set(roomId, {
      since: current && now - current.since <= CHAT.typingClearInputMs ? current.since : now,
      timer: setTimeout(() => this.stopTyping(roomId), clearMs),
    });
  }
  stopTyping(roomId: string) {
    const current = this.myTyping.get(roomId);
    if (!current) return;
    clearTimeout(current.timer);
    this.myTyping.delete(roomId);
    this.raw({ type: 'typing', roomId, data: { isTyping: false } });
  }

  private typingFrom(roomId: string, userId: string, name: string, isTyping: boolean) {
    const key = `${roomId}:${userId}`;
    clearTimeout(this.typingTimers.get(key));
    const room = { ...(this.state.typing[roomId] ?? {}) };
    if (isTyping) {
      room[userId] = name;
      // A lost "stopped typing" frame must not leave the indicator on for ever.
      this.typingTimers.set(
        key,
        setTimeout(() => this.typingFrom(roomId, userId, name, false), CHAT.typingClearMs + CHAT.typingClearInputMs),
      );
    } else {
      delete room[userId];
      this.typingTimers.delete(key);
    }
    this.set({ typing: { ...this.state.typing, [roomId]: room } });
  }

  private clearTimeout(tempId: string) {
    clearTimeout(this.timeouts.get(tempId));
    this.timeouts.delete(tempId);
  }

  private confirm(roomId: string, tempId: string | null, message: ChatMessage) {
    if (tempId) {
      this.clearTimeout(tempId);
      // Spec §7.12: the client acknowledges the confirmation.
      this.raw({ type: 'message_delivered', tempId, timestamp: Date.now() });
    }
    this.setRoom(roomId, (list) => mergeMessages(list, [{ ...message, status: 'delivered' }]));
  }

  private fail(tempId: string, reason: string) {
    this.clearTimeout(tempId);
    for (const [roomId, list] of Object.entries(this.state.messages)) {
      if (list.some((m) => m.tempId === tempId && m.status === 'sending')) {
        this.setRoom(roomId, (l) =>
          l.map((m) => (m.tempId === tempId && m.status === 'sending' ? { ...m, status: 'failed' as const, error: reason } : m)),
        );
      }
    }
  }

  private applyReactions(roomId: string, messageId: string, reactions: ReactionSummary[]) {
    this.setRoom(roomId, (list) => list.map((m) => (m.id === messageId ? { ...m, reactions } : m)));
  }
}
