import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterStartPlugin } from './after-start';

function withPlugin(delayMs: number) {
  const app = Fastify({ logger: false });
  afterStartPlugin(app, delayMs);
  const ran: string[] = [];
  return { app, ran };
}

describe('work after the start (plugins/after-start.ts)', () => {
  it('waits until a moment after listening, so the first requests are answered first', async () => {
    const { app, ran } = withPlugin(1000);
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    app.afterStart(() => {
      ran.push('upkeep');
      done();
    });
    app.get('/health', async () => ({ ran: [...ran] }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const first = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.json());
    expect(first).toEqual({ ran: [] });
    await finished;
    expect(ran).toEqual(['upkeep']);
    // Added later: runs at once (next turn), and a failure is logged, not thrown.
    let later!: () => void;
    const ranLater = new Promise<void>((r) => (later = r));
    app.afterStart(() => {
      throw new Error('boom');
    });
    app.afterStart(() => later());
    await ranLater;
    await app.close();
  });

  it('never runs what was still waiting when the server closed', async () => {
    const { app, ran } = withPlugin(20);
    app.afterStart(() => ran.push('upkeep'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.close();
    await new Promise((r) => setTimeout(r, 100));
    app.afterStart(() => ran.push('after close'));
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual([]);
  });
});
