import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_PROVIDERS } from '@church/contract/channels';
import { channelDeliveries, channelOptOuts, emailOutbox, whatsappTemplates } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';
import { deliverAll, standinFor } from './test-support';
import type { ChannelsStandin } from './standin/standin';
import type { ChannelsModule } from './index';

/**
 * Each channel end to end against the local stand-in: the provider's real
 * request, its signed callback back into the server, the state a leader
 * reads — and what goes wrong (bad signature, replay, unreachable number,
 * unapproved template, provider 500 or timeout, UCS-2 text), each with a
 * clear state and nothing sent twice.
 */
let t: TestApp;
let standin: ChannelsStandin;
let channels: ChannelsModule;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: '' });
  ({ standin, channels } = await standinFor(t));
  admin = await createUser(t, { role: 'admin', name: 'Thandi Admin', phone: '+27825550001' });
  await agree(admin.token, ['sms_church', 'whatsapp_church']);
  // No quiet hours here (quiet-hours.test.ts has them): these tests run at any hour.
  expect((await settings({ quietStart: '00:00', quietEnd: '00:00' })).statusCode).toBe(200);
});
afterAll(async () => {
  await standin.close();
  await t.close();
});
beforeEach(async () => {
  await fetch(`${standin.base}/_standin/reset`, { method: 'POST' });
});

async function agree(token: string, kinds: string[], granted = true) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/members/preferences',
    token,
    payload: { preferences: kinds.map((kind) => ({ kind, granted })) },
  });
  expect(res.statusCode).toBe(200);
}
const settings = (payload: object) => t.request({ method: 'PUT', url: '/api/channels/settings', token: admin.token, payload });
async function testSend(channel: string, message: string) {
  const res = await t.request({ method: 'POST', url: '/api/channels/test', token: admin.token, payload: { channel, message } });
  expect(res.statusCode, res.body).toBe(202);
  return json(res).data.deliveryId as string;
}
const row = async (id: string) => (await t.database.db.select().from(channelDeliveries).where(eq(channelDeliveries.id, id)))[0]!;
const toStandin = (provider: string) => standin.messages.filter((m) => m.provider === provider);

describe('SMS', () => {
  it.each(SMS_PROVIDERS)('%s: the provider takes it, its signed delivery report marks it delivered', async (provider) => {
    expect((await settings({ smsProvider: provider })).statusCode).toBe(200);
    const id = await testSend('sms', 'Sawubona! Youth camp starts Friday at 17:00.');
    await deliverAll(t, standin);
    const got = toStandin(provider);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ to: '+27825550001', text: 'Sawubona! Youth camp starts Friday at 17:00.' });
    expect(await row(id)).toMatchObject({ state: 'delivered', provider, providerMessageId: got[0]!.id, segments: 1, costUnits: 2450 });
  });

  it('counts UCS-2 text by its own rule and prices it per segment', async () => {
    await settings({ smsProvider: 'bulksms', smsPrice: 0.3 });
    const text = 'Goeie môre! 🙏 '.repeat(6); // 15 units × 6 = 90 UTF-16 units: 2 UCS-2 parts
    const id = await testSend('sms', text);
    await deliverAll(t, standin);
    expect(await row(id)).toMatchObject({ state: 'delivered', segments: 2, costUnits: 6000 });
    await settings({ smsPrice: 0.245 });
  });

  it("a number that cannot receive SMS fails with the provider's reason; a landline is refused before sending", async () => {
    await settings({ smsProvider: 'clickatell' });
    const ghost = await createUser(t, { role: 'pastor', phone: '+27820000000' });
    await agree(ghost.token, ['sms_church']);
    const res = await t.request({
      method: 'POST',
      url: '/api/channels/test',
      token: ghost.token,
      payload: { channel: 'sms', message: 'Hello' },
    });
    await deliverAll(t, standin);
    expect(await row(json(res).data.deliveryId)).toMatchObject({ state: 'failed', reason: 'Clickatell: Error delivering message' });
    const landline = await createUser(t, { role: 'pastor', phone: '+27115551234' });
    const refused = await t.request({
      method: 'POST',
      url: '/api/channels/test',
      token: landline.token,
      payload: { channel: 'sms', message: 'Hello' },
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe('The mobile number cannot receive SMS');
  });

  it('a provider that answers 500 or does not answer is retried on the job queue; the message goes once', async () => {
    await settings({ smsProvider: 'smsportal' });
    await fetch(`${standin.base}/_standin/behaviour`, { method: 'POST', body: JSON.stringify({ fail: { status: 500, count: 2 } }) });
    const id = await testSend('sms', 'Prayer meeting moved to 19:00');
    await deliverAll(t, standin);
    // Authentication answered 500, then the send: queued again with back-off, the reason shown.
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await row(id)).reason).toMatch(/^Retrying: /);
    await t.ctx.jobs.drain({ names: ['channels.deliver'], retryNow: true });
    await t.database.db.update(channelDeliveries).set({ notBefore: null }).where(eq(channelDeliveries.id, id));
    await forceDue();
    await deliverAll(t, standin);
    await forceDue();
    await deliverAll(t, standin);
    expect(await row(id)).toMatchObject({ state: 'delivered' });
    expect(toStandin('smsportal')).toHaveLength(1);
  });
});

/** Retries wait (30 s, 1 min…): make the waiting delivery jobs due now. */
async function forceDue() {
  await t.database.db.execute(
    `update pgboss.job set start_after = now() - interval '1 second' where name = 'channels.deliver' and state in ('created', 'retry')` as never,
  );
}

describe('callbacks', () => {
  it('refuses a bad signature and ignores a replay', async () => {
    await settings({ smsProvider: 'twilio' });
    const id = await testSend('sms', 'Hello');
    await t.ctx.jobs.drain({ names: ['channels.deliver'] });
    const sid = (await row(id)).providerMessageId!;
    const body = new URLSearchParams({ MessageSid: sid, MessageStatus: 'delivered', To: '+27825550001' }).toString();
    const forged = await t.request({
      method: 'POST',
      url: '/api/channels/callbacks/twilio',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(json(forged).message).toBe('The callback signature is not valid');
    await standin.settled();
    expect((await row(id)).state).toBe('delivered');
    // The same report again (a provider's retry, or a replay): answered, nothing changes.
    const delivered = await row(id);
    await t.database.db.update(channelDeliveries).set({ state: 'sent' }).where(eq(channelDeliveries.id, id));
    const { twilioSignature } = await import('./providers/twilio');
    const url = `${t.config.publicUrl.replace(/\/$/, '')}/api/channels/callbacks/twilio`;
    const replay = await t.request({
      method: 'POST',
      url: '/api/channels/callbacks/twilio',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature('standin-twilio-token', url, Object.fromEntries(new URLSearchParams(body))),
      },
      payload: body,
    });
    expect(replay.statusCode).toBe(200);
    expect((await row(id)).state).toBe('sent');
    expect(delivered.deliveredAt).not.toBeNull();
  });
});

describe('STOP and consent', () => {
  it('a member who replies STOP gets nothing more by SMS, and the consent ledger says why', async () => {
    await settings({ smsProvider: 'bulksms' });
    const member = await createUser(t, { role: 'pastor', phone: '+27825550077' });
    await agree(member.token, ['sms_church']);
    await t.request({ method: 'POST', url: '/api/channels/test', token: member.token, payload: { channel: 'sms', message: 'First' } });
    await deliverAll(t, standin);
    expect(toStandin('bulksms')).toHaveLength(1);
    await fetch(`${standin.base}/_standin/reply`, {
      method: 'POST',
      body: JSON.stringify({ provider: 'bulksms', from: '+27825550077', text: 'STOP' }),
    });
    await standin.settled();
    expect(await t.database.db.select().from(channelOptOuts).where(eq(channelOptOuts.address, '+27825550077'))).toHaveLength(1);
    const prefs = json(await t.request({ method: 'GET', url: '/api/members/preferences', token: member.token })).data.preferences;
    expect(prefs.find((p: { kind: string }) => p.kind === 'sms_church')).toMatchObject({ granted: false });
    // Queued directly (as a bulk message would): skipped at send time, never reaching the provider.
    const [id] = await t.database.db.transaction((tx) =>
      channels.service.queue(
        tx,
        [{ source: 'bulk', userId: member.user.id, name: 'M', channel: 'sms', address: '+27825550077', subject: '', body: 'Second' }],
        null,
      ),
    );
    await deliverAll(t, standin);
    expect(toStandin('bulksms')).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ state: 'skipped' });
  });

  it('no message reaches anyone who withdrew consent on that channel after it was queued', async () => {
    await settings({ smsProvider: 'smsportal' });
    const member = await createUser(t, { role: 'member', phone: '+27825550088' });
    await agree(member.token, ['sms_church']);
    const [id] = await t.database.db.transaction((tx) =>
      channels.service.queue(
        tx,
        [{ source: 'bulk', userId: member.user.id, name: 'M', channel: 'sms', address: '+27825550088', subject: '', body: 'Hello' }],
        null,
      ),
    );
    await agree(member.token, ['sms_church'], false);
    await deliverAll(t, standin);
    expect(toStandin('smsportal')).toHaveLength(0);
    expect(await row(id!)).toMatchObject({ state: 'skipped', reason: 'Has not agreed to sms from the church' });
  });
});

describe('WhatsApp', () => {
  it('an approved template is delivered and read; one not approved fails; free text needs the 24-hour window', async () => {
    await t.database.db.insert(whatsappTemplates).values([
      { name: 'event_reminder', language: 'en', category: 'utility', body: 'Hi {{1}}, {{2}} starts at {{3}}.', status: 'approved' },
      { name: 'new_promo', language: 'en', category: 'marketing', body: 'Hi {{1}}', status: 'pending' },
    ]);
    const queue = (template: object | null, body = 'Hi') =>
      t.database.db.transaction((tx) =>
        channels.service.queue(
          tx,
          [
            {
              source: 'bulk',
              userId: admin.user.id,
              name: 'Thandi',
              channel: 'whatsapp',
              address: '+27825550001',
              subject: '',
              body,
              template: template as never,
            },
          ],
          null,
        ),
      );
    const [ok] = await queue({ name: 'event_reminder', language: 'en', category: 'utility', variables: ['Thandi', 'Youth camp', '17:00'] });
    const [pending] = await queue({ name: 'new_promo', language: 'en', category: 'marketing', variables: ['Thandi'] });
    const [free] = await queue(null, 'Are you coming?');
    await deliverAll(t, standin);
    expect(await row(ok!), JSON.stringify(await row(ok!))).toMatchObject({ state: 'read', costUnits: 1200 });
    expect(await row(pending!)).toMatchObject({ state: 'failed', reason: 'The WhatsApp template is not approved' });
    expect(await row(free!)).toMatchObject({ state: 'failed', reason: 'Outside the 24-hour WhatsApp window: a template is needed' });
    expect(toStandin('whatsapp')).toHaveLength(1);
    // The member writes: for 24 hours the church may answer in free text.
    await fetch(`${standin.base}/_standin/reply`, {
      method: 'POST',
      body: JSON.stringify({ provider: 'whatsapp', from: '+27825550001', text: 'Yes please' }),
    });
    await standin.settled();
    const [reply] = await queue(null, 'See you there!');
    await deliverAll(t, standin);
    expect(await row(reply!)).toMatchObject({ state: 'read', costUnits: 0 });
  });
});

describe('push and e-mail', () => {
  it('a push goes to the device encrypted and signed (VAPID); a device that is gone is not tried again', async () => {
    const sub = (id: string) => ({
      endpoint: standin.pushEndpoint(id),
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(
      (await t.request({ method: 'POST', url: '/api/channels/push-subscriptions', token: admin.token, payload: sub('device1') }))
        .statusCode,
    ).toBe(201);
    const id = await testSend('push', 'Service starts in 30 minutes');
    await deliverAll(t, standin);
    expect(toStandin('webpush'), JSON.stringify(await row(id))).toHaveLength(1);
    expect(await row(id)).toMatchObject({ state: 'sent' });
    await t.request({ method: 'POST', url: '/api/channels/push-subscriptions', token: admin.token, payload: sub('gone-device') });
    const gone = await testSend('push', 'Again');
    await deliverAll(t, standin);
    expect(await row(gone)).toMatchObject({
      state: 'failed',
      attempts: 1,
      reason: 'The app no longer accepts notifications on this device',
    });
  });

  it('an e-mail carries the church-branded HTML and a plain-text part, with the way to unsubscribe', async () => {
    await settings({ brandColour: '#2b8a3e', emailFooter: 'Registered NPO 123-456' });
    const id = await testSend('email', 'Welcome to <b>our</b> church family.');
    await deliverAll(t, standin);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, (await row(id)).providerMessageId!));
    expect(mail!.bodyHtml).toContain('#2b8a3e');
    expect(mail!.bodyHtml).toContain('Welcome to &lt;b&gt;our&lt;/b&gt; church family.');
    expect(mail!.bodyHtml).toContain('Unsubscribe from church e-mail');
    expect(mail!.bodyText).toContain('Registered NPO 123-456');
    expect(mail!.bodyText).toMatch(/Unsubscribe from church e-mail: http.*\/mobile\/profile/);
  });
});

describe('settings', () => {
  it('keeps keys on the server: the browser sees only whether they are set', async () => {
    const res = await settings({
      smsProvider: 'clickatell',
      smsCredentials: { clickatell: { apiKey: 'sk_live_very_secret', webhookSecret: 'hook-secret' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/sk_live_very_secret|hook-secret/);
    expect(json(res).data.settings.smsSecretsSet.clickatell).toBe(true);
    const audit = JSON.stringify(await t.database.db.execute('select * from audit_log' as never));
    expect(audit).not.toMatch(/sk_live_very_secret/);
    const member = await createUser(t, { role: 'member' });
    expect((await t.request({ method: 'GET', url: '/api/channels/settings', token: member.token })).statusCode).toBe(403);
  });
});
