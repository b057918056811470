import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

/** Spec 002 §4 'Integration': available → connected (sets the date), connected → available (clears it), coming_soon fixed. */
let t: TestApp;
let a: string;
let b: string;

beforeAll(async () => {
  t = await createTestApp();
  a = (await createUser(t, { role: 'developer', permissions: ['api:access'] })).token;
  b = (await createUser(t, { role: 'developer', permissions: ['api:access'] })).token;
});
afterAll(() => t.close());

const list = async (token: string) =>
  json(await t.request({ method: 'GET', url: '/api/developers/integrations', token })).data.integrations as {
    id: string;
    status: string;
    connectedSince: string | null;
    name: string;
    category: string;
    logo: string;
    description: string;
  }[];
const call = (token: string, id: string, action: 'connect' | 'disconnect') =>
  t.request({ method: 'POST', url: `/api/developers/integrations/${id}/${action}`, token });

describe('developer integrations', () => {
  it('lists every field of spec 002 §3, with listings that have no connection behind them as coming soon', async () => {
    const all = await list(a);
    expect(all.find((i) => i.id === 'webhooks')).toMatchObject({ status: 'available', connectedSince: null, category: 'Automation' });
    expect(all.find((i) => i.id === 'zapier')).toMatchObject({ status: 'coming_soon', connectedSince: null });
    for (const i of all) expect(i.name && i.description && i.category && i.logo).toBeTruthy();
  });

  it('connects and disconnects, persisted per developer', async () => {
    const res = await call(a, 'webhooks', 'connect');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Signed webhooks connected');
    const since = json(res).data.integration.connectedSince as string;
    expect(Date.parse(since)).toBeGreaterThan(Date.now() - 60_000);
    // Connecting again keeps the first date.
    expect(json(await call(a, 'webhooks', 'connect')).data.integration.connectedSince).toBe(since);
    expect((await list(a)).find((i) => i.id === 'webhooks')).toMatchObject({ status: 'connected', connectedSince: since });
    // Another developer's list is their own.
    expect((await list(b)).find((i) => i.id === 'webhooks')).toMatchObject({ status: 'available', connectedSince: null });

    const off = await call(a, 'webhooks', 'disconnect');
    expect(off.statusCode).toBe(200);
    expect(json(off).data.integration).toMatchObject({ status: 'available', connectedSince: null });
    expect((await list(a)).find((i) => i.id === 'webhooks')!.status).toBe('available');
  });

  it('refuses a coming-soon integration and an unknown one with a clear message', async () => {
    const soon = await call(a, 'zapier', 'connect');
    expect(soon.statusCode).toBe(400);
    expect(json(soon).message).toBe('Zapier is coming soon: it cannot be connected yet.');
    expect((await call(a, 'no-such-thing', 'connect')).statusCode).toBe(404);
    expect((await call(a, 'Bad Id!', 'connect')).statusCode).toBe(400);
  });
});
