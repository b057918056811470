import { syncResponse, type MeetingDetail, type SyncRequest, type SyncResult } from '@church/contract/groups-meetings';
import { api, ApiError } from '../../../lib/api-client';

/**
 * What a leader's phone records at a meeting, kept in localStorage until the server has it
 * (load-shedding, no data, a church hall without signal). Every item has an id made here, so
 * sending it twice is harmless: the server recognises a resend (POST /groups/sync). The last
 * register read for each meeting is kept too, so the page opens offline.
 */
type Pending = Required<Pick<SyncRequest, 'meetings' | 'marks' | 'visitors'>>;
const OUTBOX = 'groups-attendance-outbox:v1';
const REGISTER = (meetingId: string) => `groups-attendance-register:v1:${meetingId}`;
const MAP = 'groups-attendance-ids:v1';
const listeners = new Set<() => void>();

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};
const write = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));
const emptyOutbox = (): Pending => ({ meetings: [], marks: [], visitors: [] });

export const attendanceStore = {
  pending: (): Pending => read(OUTBOX, emptyOutbox()),
  pendingCount() {
    const p = attendanceStore.pending();
    return p.meetings.length + p.marks.length + p.visitors.length;
  },
  /** The server's id for a meeting this phone made, once the server has said (or the same id). */
  serverId: (meetingId: string) => read<Record<string, string>>(MAP, {})[meetingId] ?? meetingId,
  cached: (meetingId: string) => read<MeetingDetail | null>(REGISTER(attendanceStore.serverId(meetingId)), null),
  remember(detail: MeetingDetail) {
    write(REGISTER(detail.meeting.id), detail);
  },
  /** Adds to what waits for the server; the cached register shows the change at once. */
  queue(items: Partial<Pending>, detail?: MeetingDetail) {
    const p = attendanceStore.pending();
    write(OUTBOX, {
      meetings: [...p.meetings, ...(items.meetings ?? [])],
      marks: [...p.marks, ...(items.marks ?? [])],
      visitors: [...p.visitors, ...(items.visitors ?? [])],
    });
    if (detail) attendanceStore.remember(detail);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

let flushing: Promise<SyncResult | null> | null = null;

/**
 * Sends what waits. Items the server took or refused leave the outbox (a refusal would be refused
 * again); a network failure or a server error leaves everything for the next try.
 */
export function flushAttendance(): Promise<SyncResult | null> {
  flushing ??= send().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function send(): Promise<SyncResult | null> {
  const batch = attendanceStore.pending();
  if (batch.meetings.length + batch.marks.length + batch.visitors.length === 0) return null;
  try {
    // A meeting this phone made may have a server id by now (an earlier batch said so).
    const body = {
      meetings: batch.meetings,
      marks: batch.marks.map((m) => ({ ...m, meetingId: attendanceStore.serverId(m.meetingId) })),
      visitors: batch.visitors.map((v) => ({ ...v, meetingId: attendanceStore.serverId(v.meetingId) })),
    };
    const res = await api('/groups/sync', { method: 'POST', body, schema: syncResponse });
    const sent = new Set([...batch.meetings, ...batch.marks, ...batch.visitors].map((i) => i.id));
    const now = attendanceStore.pending();
    write(OUTBOX, {
      meetings: now.meetings.filter((i) => !sent.has(i.id)),
      marks: now.marks.filter((i) => !sent.has(i.id)),
      visitors: now.visitors.filter((i) => !sent.has(i.id)),
    });
    write(MAP, { ...read<Record<string, string>>(MAP, {}), ...res.data.meetingIds });
    listeners.forEach((l) => l());
    return res.data;
  } catch (err) {
    // A refusal of the whole batch (400) would repeat for ever: drop it rather than block the queue.
    if (err instanceof ApiError && err.status === 400) {
      write(OUTBOX, emptyOutbox());
      listeners.forEach((l) => l());
    }
    throw err;
  }
}

/**
 * An id made on this phone. crypto.randomUUID needs a secure context (https or localhost); a church
 * server reached at http://192.168.… is not one, so the random bytes are formatted here.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
