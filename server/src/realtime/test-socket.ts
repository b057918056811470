import WebSocket from 'ws';
import type { ServerFrame } from '@church/contract/chat/frames';

type Frame = ServerFrame & Record<string, unknown>;

/** A real socket client for tests: remembers every frame and waits for the one you want. */
export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  send(frame: object): void;
  next<T extends Frame['type']>(
    type: T,
    where?: (f: Extract<Frame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<Frame, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function openSocket(baseUrl: string, token?: string, opts: { origin?: string } = {}): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  const ws = new WebSocket(url, opts.origin ? { origin: opts.origin } : {});
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const used = new Set<number>();
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: TestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(type, where, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const i = frames.findIndex((f, idx) => !used.has(idx) && f.type === type && (!where || where(f as never)));
          if (i >= 0) {
            used.add(i);
            waiters.delete(check);
            clearTimeout(timer);
            resolve(frames[i] as never);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${frames.map((f) => f.type).join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: async () => {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}
