import { describe, expect, it } from 'vitest';
import { CHAT, CHAT_TEXTS } from './constants';
import { DEFAULT_ROOMS } from './rooms';
import { createFloodGate, messageTimeLabel, newTempId, reconnectDelay, shouldReconnect, slowModeWait } from './rules';
import { messageTextProblem, normaliseMessageText, sendMessageRequest } from './messages';
import { clientFrameSchema, frameText } from './frames';
import { fileTooLargeText, safeFileName, sniffFileType } from './files';

describe('reconnect back-off (spec 002 §4)', () => {
  it('doubles from 1 s, capped at 30 s, for at most 5 attempts', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelay(6)).toBeNull();
    expect(reconnectDelay(0)).toBeNull();
  });
  it('never waits more than the cap', () => {
    for (let i = 1; i <= CHAT.maxReconnectAttempts; i++) expect(reconnectDelay(i)!).toBeLessThanOrEqual(CHAT.reconnectCapMs);
  });
  it('reconnects on every close except 1000', () => {
    expect(shouldReconnect(1000)).toBe(false);
    expect(shouldReconnect(1006)).toBe(true);
    expect(shouldReconnect(4001)).toBe(true);
    // An ended session reconnects (with whatever token the tab now holds); a socket pushed out by the person's newer one does not.
    expect(shouldReconnect(4002)).toBe(true);
    expect(shouldReconnect(4009)).toBe(false);
    // Refused until two-factor sign-in is set up (issue 29): retrying cannot help.
    expect(shouldReconnect(4003)).toBe(false);
  });
});

describe('message text', () => {
  it('is trimmed and cleaned of control characters', () => {
    expect(normaliseMessageText('  hello\u0007 world \r\n ')).toBe('hello world');
    expect(normaliseMessageText('a\r\nb')).toBe('a\nb');
  });
  it('refuses empty and over-long text', () => {
    expect(messageTextProblem('   ')).toBe('Message cannot be empty');
    expect(messageTextProblem('x'.repeat(CHAT.maxMessageLength + 1))).toMatch(/too long/);
    expect(messageTextProblem('x'.repeat(CHAT.maxMessageLength))).toBeNull();
  });
  it('the REST body accepts message or content', () => {
    expect(sendMessageRequest.parse({ message: ' hi ' })).toEqual({ text: 'hi', messageType: 'text', repliedTo: null, tempId: null });
    expect(sendMessageRequest.parse({ content: 'yo', tempId: 't-1' }).tempId).toBe('t-1');
    expect(sendMessageRequest.safeParse({ message: '  ' }).success).toBe(false);
  });
  it('HTML stays text (escaping is the renderer’s job, never stripped into something else)', () => {
    expect(normaliseMessageText('<b>bold</b>')).toBe('<b>bold</b>');
  });
});

describe('socket frames', () => {
  const roomId = '7f0c3c3e-6f1e-4b43-9c55-1f3b2a9d4e11';
  it('reads the desktop and the mobile send_message shapes', () => {
    const desktop = clientFrameSchema.parse({ type: 'send_message', roomId, data: { message: 'Amen', messageType: 'text' } });
    const mobile = clientFrameSchema.parse({ type: 'send_message', roomId, content: 'Amen', type_: 'text', tempId: 'tmp-1' });
    expect(desktop.type === 'send_message' && frameText(desktop)).toBe('Amen');
    expect(mobile.type === 'send_message' && frameText(mobile)).toBe('Amen');
  });
  it('refuses unknown types and bad ids', () => {
    expect(clientFrameSchema.safeParse({ type: 'drop_tables' }).success).toBe(false);
    expect(clientFrameSchema.safeParse({ type: 'join_room', roomId: 'x' }).success).toBe(false);
  });
});

describe('flood gate', () => {
  it('allows max events per window, then refuses until the window passes', () => {
    const gate = createFloodGate(3, 1000);
    expect([0, 1, 2, 3].map((t) => gate.allow('a', t))).toEqual([true, true, true, false]);
    expect(gate.allow('b', 3)).toBe(true);
    expect(gate.allow('a', 1001)).toBe(true);
    gate.sweep(10_000);
    expect(gate.size()).toBe(0);
  });
  it('slow mode tells how long to wait', () => {
    const now = new Date('2026-01-01T10:00:10Z');
    expect(slowModeWait(30, new Date('2026-01-01T10:00:00Z'), now)).toBe(20);
    expect(slowModeWait(0, new Date(), now)).toBe(0);
    expect(slowModeWait(5, null, now)).toBe(0);
  });
});

describe('file types are checked by content', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const text = (s: string) => new TextEncoder().encode(s);
  it('knows the allowed kinds', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffFileType(text('GIF89a....'))).toBe('image/gif');
    expect(sniffFileType(text('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffFileType(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('application/msword');
    expect(sniffFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...text('[Content_Types].xml word/document.xml')]))).toMatch(
      /wordprocessingml/,
    );
    expect(sniffFileType(text('Sunday notes: Psalm 23 — “The Lord is my shepherd”'))).toBe('text/plain');
  });
  it('refuses executables, plain zips and binary junk whatever their name', () => {
    expect(sniffFileType(text('MZ\x90\x00\x03\x00'))).toBeNull();
    expect(sniffFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...text('evil.exe')]))).toBeNull();
    expect(sniffFileType(bytes(0x7f, 0x45, 0x4c, 0x46, 0x00))).toBeNull();
    expect(sniffFileType(bytes())).toBeNull();
  });
  it('uses the spec texts', () => {
    expect(fileTooLargeText()).toBe('File size must be less than 10MB');
    expect(fileTooLargeText(CHAT.prayerRoomMaxFileSize)).toBe('File size must be less than 5MB');
    expect(CHAT_TEXTS.fileTypeNotAllowed).toBe('File type not allowed');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
  });
});

describe('defaults and labels', () => {
  it('has the four default rooms with the spec settings', () => {
    expect(DEFAULT_ROOMS.map((r) => r.name)).toEqual(['General Chat', 'Prayer Requests', 'Events & Announcements', 'Bible Study']);
    expect(DEFAULT_ROOMS.find((r) => r.name === 'Prayer Requests')!.settings.maxFileSize).toBe(5242880);
    expect(DEFAULT_ROOMS.find((r) => r.name === 'General Chat')!.settings.maxFileSize).toBe(10485760);
    expect(DEFAULT_ROOMS.find((r) => r.name === 'Events & Announcements')!.type).toBe('announcement');
  });
  it('temp ids are unique', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newTempId()));
    expect(ids.size).toBe(500);
  });
  it('message time is HH:mm today, with the date otherwise', () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(messageTimeLabel(new Date(2026, 10, 21, 9, 5).toISOString(), now)).toBe('09:05');
    expect(messageTimeLabel(new Date(2026, 10, 20, 21, 30).toISOString(), now)).toBe('20 Nov 21:30');
  });
});
