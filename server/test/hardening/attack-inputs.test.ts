/**
 * The security review's ReDoS inputs, replayed against every anonymous form
 * that takes an e-mail or free text: each must be refused quickly, and the
 * event loop (which serves everyone) must never stall long. Measured with
 * perf_hooks' event-loop delay histogram while the attack requests run.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dots40k = '.'.repeat(40_000);
const dots80k = '.'.repeat(80_000);
const ATTACK_EMAILS = {
  'dots 40k': dots40k,
  'dots 80k': dots80k,
  'a@ + dots 80k': `a@${dots80k}`,
  'a@b + .b 40k + space': `a@b${'.b'.repeat(40_000)} x`,
  'near body limit (900 KB)': `a@${'x.'.repeat(450_000)}`,
};
const FORMS: Array<{ url: string; body: (email: string) => Record<string, unknown> }> = [
  { url: '/api/auth/login', body: (email) => ({ email, password: 'whatever-1' }) },
  { url: '/api/auth/register', body: (email) => ({ name: 'Sipho Dlamini', email, password: 'Correct-Horse-42' }) },
  { url: '/api/auth/forgot-password', body: (email) => ({ email }) },
  { url: '/api/visitors', body: (email) => ({ firstName: 'Sipho', lastName: 'Dlamini', email }) },
  { url: '/api/contact-messages', body: (email) => ({ name: 'Sipho Dlamini', email, message: 'Hello' }) },
];

/**
 * Longest event-loop stall (ms, wall clock) while `work` runs, and the CPU time
 * it used. On a shared machine (load 20 on 2 cores while eight engineers test)
 * wall-clock stalls include time the process was not scheduled at all, so the
 * assertion uses CPU time — a super-linear pattern burns seconds of it.
 */
const cpu: Record<string, number> = {};
async function longestStall(label: string, work: () => Promise<void>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  const before = process.cpuUsage();
  h.enable();
  await work();
  h.disable();
  const used = process.cpuUsage(before);
  cpu[label] = (used.user + used.system) / 1000;
  return h.max / 1e6;
}

describe('attack inputs are refused without stalling the server', () => {
  const stalls: Record<string, number> = {};

  it.each(Object.entries(ATTACK_EMAILS))('e-mail of %s → 400 on every public form', async (label, email) => {
    // Bodies are serialised before the clock starts: only the server's work is measured.
    const bodies = FORMS.map((form) => ({ url: form.url, payload: JSON.stringify(form.body(email)) }));
    const headers = { 'content-type': 'application/json' };
    stalls[label] = await longestStall(label, async () => {
      for (const { url, payload } of bodies) {
        const res = await t.request({ method: 'POST', url, payload, headers });
        expect(res.statusCode, `${url} with ${label}`).toBe(400);
      }
    });
  });

  it('a huge free-text field and a huge search are refused too', async () => {
    const huge = 'a '.repeat(450_000);
    stalls['huge text'] = await longestStall('huge text', async () => {
      const contact = await t.request({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { name: huge, email: 'a@example.org', message: huge.slice(0, 100_000) },
      });
      expect(contact.statusCode).toBe(400);
      const search = await t.request({ method: 'GET', url: `/api/sermons/public?search=${'%2E'.repeat(20_000)}` });
      expect(search.statusCode).toBeLessThan(500);
    });
  });

  it('each input costs far less than the 2 s the quadratic pattern caused', () => {
    const worst = Math.max(...Object.values(stalls));
    const round = (o: Record<string, number>) => JSON.stringify(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v)])));
    console.log(`[attack-inputs] longest event-loop stall (ms): ${round(stalls)}; worst ${worst.toFixed(1)} ms`);
    console.log(`[attack-inputs] CPU time for the five forms together (ms): ${round(cpu)}`);
    // Five requests per input: 50 ms each on average at most. The quadratic pattern took
    // 2,000 ms for one request with 40,000 dots and 8,600 ms with 80,000.
    for (const [label, ms] of Object.entries(cpu)) expect(ms, label).toBeLessThan(250);
  });
});
