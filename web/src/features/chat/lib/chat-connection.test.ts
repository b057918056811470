import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatConnection, type SocketLike } from './chat-connection';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith?: number;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1005) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ type: 'connected', userId: 'u1', userName: 'Ruth', rooms: [], serverTime: '' });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  frame(f: object) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
}

const ROOM = 'room-1';
let notes: string[];
let token: string | null;
const make = () =>
  new ChatConnection({
    url: (t) => `ws://test/ws?token=${t}`,
    token: () => token,
    me: () => ({ id: 'u1', name: 'Ruth' }),
    createSocket: (url) => new FakeSocket(url),
    notify: (_kind, text) => notes.push(text),
  });
const last = () => FakeSocket.all.at(-1)!;
const stored = (id: string, tempId: string | null, content: string, cursor: string) => ({
  _id: id,
  id,
  roomId: ROOM,
  content,
  message: content,
  messageType: 'text',
  sender: { _id: 'u1', id: 'u1', name: 'Ruth' },
  user: null,
  createdAt: '',
  timestamp: '',
  status: 'delivered',
  repliedTo: null,
  tempId,
  reactions: [],
  file: null,
  cursor,
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  notes = [];
  token = 'jwt';
});
afterEach(() => vi.useRealTimers());

describe('connection states and reconnect (spec 002 §4)', () => {
  it('needs a token', () => {
    token = null;
    make().connect();
    expect(notes).toEqual(['Please login to use chat']);
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('disconnected → connecting → connected, heartbeat every 25 s', () => {
    const c = make();
    expect(c.getSnapshot().status).toBe('disconnected');
    c.connect();
    expect(c.getSnapshot().status).toBe('connecting');
    expect(last().url).toBe('ws://test/ws?token=jwt');
    last().open();
    expect(c.getSnapshot().status).toBe('connected');
    expect(notes).toContain('Chat connected');
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toMatchObject({ type: 'ping' });
  });

  it('reconnects after an abnormal close with 1, 2, 4, 8, 16 s, then gives up', () => {
    const c = make();
    c.connect();
    last().open();
    const delays = [1000, 2000, 4000, 8000, 16000];
    for (const d of delays) {
      const before = FakeSocket.all.length;
      last().drop(1006);
      vi.advanceTimersByTime(d - 1);
      expect(FakeSocket.all).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
    last().drop(1006);
    expect(c.getSnapshot().gaveUp).toBe(true);
    expect(notes).toContain('Chat connection lost. Please refresh the page.');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('an open resets the attempt counter; a 1000 close does not reconnect', () => {
    const c = make();
    c.connect();
    last().drop(1006);
    vi.advanceTimersByTime(1000);
    last().open();
    expect(c.getSnapshot().attempts).toBe(0);
    last().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a deliberate disconnect closes with 1000 and clears joined rooms', () => {
    const c = make();
    c.connect();
    last().open();
    c.joinRoom(ROOM);
    last().frame({ type: 'room_joined', roomId: ROOM, message: '' });
    expect(c.joined.has(ROOM)).toBe(true);
    c.disconnect();
    expect(last().closedWith).toBe(1000);
    expect(c.joined.size).toBe(0);
    expect(c.getSnapshot()).toMatchObject({ status: 'disconnected', attempts: 0 });
  });

  it('re-joins open rooms and resends waiting messages after a reconnect', () => {
    const c = make();
    c.connect();
    last().open();
    c.joinRoom(ROOM);
    c.send(ROOM, 'Still there?', 'tmp-1');
    last().drop(1006);
    expect(c.joined.size).toBe(0);
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent.map((f) => f.type)).toEqual(['join_room', 'send_message']);
    expect(last().sent[1]).toMatchObject({ tempId: 'tmp-1', content: 'Still there?' });
  });
});

describe('optimistic messages', () => {
  it('sending → delivered on message_sent; the echo is not doubled', () => {
    const c = make();
    c.connect();
    last().open();
    expect(c.send(ROOM, '  Amen  ', 'tmp-1')).toBeNull();
    expect(c.getSnapshot().messages[ROOM]).toMatchObject([{ content: 'Amen', status: 'sending', tempId: 'tmp-1' }]);
    expect(last().sent.at(-1)).toMatchObject({
      type: 'send_message',
      roomId: ROOM,
      tempId: 'tmp-1',
      content: 'Amen',
      data: { message: 'Amen', messageType: 'text', repliedTo: null },
    });
    last().frame({ type: 'new_message', roomId: ROOM, message: stored('m1', 'tmp-1', 'Amen', '7') });
    last().frame({ type: 'message_sent', tempId: 'tmp-1', roomId: ROOM, message: stored('m1', 'tmp-1', 'Amen', '7'), duplicate: false });
    expect(c.getSnapshot().messages[ROOM]).toMatchObject([{ id: 'm1', status: 'delivered' }]);
    vi.advanceTimersByTime(20_000);
    expect(c.getSnapshot().messages[ROOM]![0]!.status).toBe('delivered');
  });

  it('a reply names the message it answers, on the optimistic copy, the frame and a retry', () => {
    const c = make();
    c.connect();
    last().open();
    const answered = '11111111-1111-4111-8111-111111111111';
    c.send(ROOM, 'Amen to that', 'tmp-r', answered);
    expect(c.getSnapshot().messages[ROOM]).toMatchObject([{ content: 'Amen to that', repliedTo: answered }]);
    expect(last().sent.at(-1)).toMatchObject({ type: 'send_message', tempId: 'tmp-r', data: { repliedTo: answered } });
    vi.advanceTimersByTime(10_000);
    c.retry(ROOM, 'tmp-r');
    expect(last().sent.at(-1)).toMatchObject({ tempId: 'tmp-r', data: { repliedTo: answered } });
  });

  it('fails after 10 s without an answer; Retry removes it and resends with the same tempId', () => {
    const c = make();
    c.connect();
    last().open();
    c.send(ROOM, 'Hello?', 'tmp-9');
    vi.advanceTimersByTime(10_000);
    expect(c.getSnapshot().messages[ROOM]).toMatchObject([{ status: 'failed', error: 'Timeout - no server response' }]);
    c.retry(ROOM, 'tmp-9');
    expect(c.getSnapshot().messages[ROOM]).toMatchObject([{ status: 'sending', tempId: 'tmp-9' }]);
    expect(last().sent.filter((f) => f.type === 'send_message')).toHaveLength(2);
  });

  it('message_failed marks it failed with the reason', () => {
    const c = make();
    c.connect();
    last().open();
    c.send(ROOM, 'x', 'tmp-2');
    last().frame({ type: 'message_failed', tempId: 'tmp-2', reason: 'Slow down' });
    expect(c.getSnapshot().messages[ROOM]![0]).toMatchObject({ status: 'failed', error: 'Slow down' });
    expect(notes).toContain('Message failed: Slow down');
  });

  it('refuses empty text silently and says when not connected', () => {
    const c = make();
    expect(c.send(ROOM, 'hi')).toBe('Not connected to chat');
    c.connect();
    last().open();
    expect(c.send(ROOM, '   ')).toBeNull();
    expect(c.getSnapshot().messages[ROOM]).toBeUndefined();
  });
});

describe('typing', () => {
  it('sends typing once while typing and clears after 1 s', () => {
    const c = make();
    c.connect();
    last().open();
    c.typing(ROOM);
    c.typing(ROOM);
    expect(last().sent.filter((f) => f.type === 'typing')).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(last().sent.at(-1)).toMatchObject({ type: 'typing', data: { isTyping: false } });
  });
  it('shows others typing and hides it on their stop (or by itself)', () => {
    const c = make();
    c.connect();
    last().open();
    last().frame({ type: 'user_typing', roomId: ROOM, userId: 'u2', userName: 'Sipho', isTyping: true });
    expect(c.getSnapshot().typing[ROOM]).toEqual({ u2: 'Sipho' });
    vi.advanceTimersByTime(3000);
    expect(c.getSnapshot().typing[ROOM]).toEqual({});
  });
  it("reads the spec's other frame names as this server's (typing, user_join, user_leave)", () => {
    const c = make();
    const seen: string[] = [];
    c.onFrame((f) => seen.push(f.type));
    c.connect();
    last().open();
    last().frame({ type: 'typing', roomId: ROOM, userId: 'u3', userName: 'Lerato', isTyping: true });
    expect(c.getSnapshot().typing[ROOM]).toEqual({ u3: 'Lerato' });
    last().frame({ type: 'typing', roomId: ROOM, userId: 'u3', userName: 'Lerato', isTyping: false });
    expect(c.getSnapshot().typing[ROOM]).toEqual({});
    last().frame({ type: 'user_join', roomId: ROOM, userId: 'u3', userName: 'Lerato' });
    last().frame({ type: 'user_leave', roomId: ROOM, userId: 'u3', userName: 'Lerato' });
    expect(seen.filter((t) => t !== 'connected')).toEqual(['user_typing', 'user_typing', 'user_joined', 'user_left']);
  });
});
