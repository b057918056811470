import type { TestApp } from '../../../test/test-app';
import { channelsOf, standinSecrets } from './index';
import { startChannelsStandin } from './standin/standin';

/**
 * A stand-in for every messaging provider, wired to a test app: the app's
 * providers send to it, and its callbacks come back through app.inject (no
 * socket on the app's side), signed with the secrets the app verifies with.
 */
export async function standinFor(t: TestApp, opts: { whatsappRead?: boolean } = {}) {
  const channels = channelsOf(t.ctx);
  const publicUrl = t.config.publicUrl.replace(/\/$/, '');
  const standin = await startChannelsStandin({
    callbackBase: `${publicUrl}/api/channels/callbacks`,
    secrets: async () => standinSecrets(await channels.settings.effective()),
    callbackDelayMs: 1,
    whatsappRead: opts.whatsappRead,
    deliver: async (r) => {
      const u = new URL(r.url);
      const res = await t.app.inject({ method: r.method as 'POST', url: u.pathname + u.search, headers: r.headers, payload: r.body });
      return res.statusCode;
    },
  });
  channels.useStandin(standin);
  return { standin, channels };
}

/** Runs the delivery jobs until none is due, then waits for the stand-in's callbacks to be answered. */
export async function deliverAll(t: TestApp, standin: { settled(): Promise<void> }) {
  await t.ctx.jobs.drain({ names: ['channels.deliver'] });
  await standin.settled();
}
