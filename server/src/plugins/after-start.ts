import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` a moment after the server starts listening (AFTER_START_MS): background upkeep — queuing the
     * recurring jobs, the job workers' first fetches, loading the home page's renderer — then does not stand
     * in front of the first requests after a (re)start (a proxy's health check, members reloading). On the
     * embedded database all of it shares the one connection and the one thread with those requests (issue 16:
     * a warm start answered ~0.15 s later with the upkeep first). Work added later runs at once; work still
     * waiting when the server closes does not run. A failure is logged; `work` may catch its own first.
     */
    afterStart(work: () => unknown): void;
  }
}

/** Long enough for the requests waiting on a restart to be answered first, short beside any job's schedule. */
export const AFTER_START_MS = 1000;

export function afterStartPlugin(app: FastifyInstance, delayMs = AFTER_START_MS) {
  let waiting: Array<() => unknown> | null = [];
  let timer: NodeJS.Timeout | undefined;
  const run = (work: () => unknown) =>
    void Promise.resolve()
      .then(work)
      .catch((err: unknown) => app.log.error({ err }, 'work after the start failed'));
  app.decorate('afterStart', (work: () => unknown) => (waiting ? waiting.push(work) : run(work)));
  app.addHook('onListen', async () => {
    timer = setTimeout(() => {
      const due = waiting ?? [];
      waiting = null;
      for (const work of due) run(work);
    }, delayMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    waiting = [];
  });
}
