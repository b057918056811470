import type { Channel, ChannelProviderName, SmsProvider } from '@church/contract/channels';
import type { Mailer } from '../../lib/mailer';
import type { ChannelProvider } from './channel';
import { createBulkSms } from './providers/bulksms';
import { createClickatell } from './providers/clickatell';
import { createEmailChannel } from './providers/email';
import { createSmsPortal } from './providers/smsportal';
import { createTwilio } from './providers/twilio';
import { createWebPush } from './providers/webpush';
import { createWhatsapp } from './providers/whatsapp';
import type { ChannelSettingsService } from './settings';

/** The providers' real API addresses; with the stand-in, its own (standin/standin.ts). */
export const PROVIDER_BASES = {
  smsportal: 'https://rest.smsportal.com',
  bulksms: 'https://api.bulksms.com',
  clickatell: 'https://platform.clickatell.com',
  twilio: 'https://api.twilio.com',
  whatsapp: 'https://graph.facebook.com',
};
export type ProviderBases = typeof PROVIDER_BASES;

/**
 * The provider for each channel, made from the settings as they are now (a
 * change in Settings → Channels takes effect with the next message, on every
 * instance). SMSPortal's token is cached inside its provider, so providers
 * are kept while the settings they were made from are unchanged.
 */
export function createProviders(d: {
  settings: ChannelSettingsService;
  mailer: Mailer;
  bases: () => ProviderBases;
  /** The public URL callbacks come to (Twilio signs it). */
  callbackUrl: (provider: string) => string;
  pushContact: string;
  fetchImpl?: typeof fetch;
}) {
  let cache: { stamp: string; made: Map<string, ChannelProvider> } | null = null;
  const email = createEmailChannel(d.mailer);

  async function current() {
    const e = await d.settings.effective();
    const stamp = `${e.row.updatedAt?.getTime() ?? 0}:${JSON.stringify(d.bases())}`;
    if (!cache || cache.stamp !== stamp) cache = { stamp, made: new Map() };
    return { e, made: cache.made };
  }

  function sms(e: Awaited<ReturnType<ChannelSettingsService['effective']>>, name: SmsProvider): ChannelProvider | null {
    const b = d.bases();
    const common = { senderId: e.row.smsSenderId, priceUnits: e.row.smsPriceUnits, fetchImpl: d.fetchImpl };
    if (name === 'smsportal') {
      const s = e.sms.smsportal;
      return s?.clientId && s.apiSecret
        ? createSmsPortal({
            ...common,
            base: b.smsportal,
            clientId: s.clientId,
            apiSecret: s.apiSecret,
            webhookSecret: s.webhookSecret ?? '',
          })
        : null;
    }
    if (name === 'bulksms') {
      const s = e.sms.bulksms;
      return s?.username && s.password
        ? createBulkSms({ ...common, base: b.bulksms, username: s.username, password: s.password, webhookSecret: s.webhookSecret ?? '' })
        : null;
    }
    if (name === 'clickatell') {
      const s = e.sms.clickatell;
      return s?.apiKey ? createClickatell({ ...common, base: b.clickatell, apiKey: s.apiKey, webhookSecret: s.webhookSecret ?? '' }) : null;
    }
    const s = e.sms.twilio;
    return s?.accountSid && s.authToken
      ? createTwilio({
          ...common,
          base: b.twilio,
          accountSid: s.accountSid,
          authToken: s.authToken,
          from: s.from ?? '',
          statusCallback: d.callbackUrl('twilio'),
        })
      : null;
  }

  async function get(name: ChannelProviderName): Promise<ChannelProvider | null> {
    const { e, made } = await current();
    if (made.has(name)) return made.get(name)!;
    let p: ChannelProvider | null;
    if (name === 'smtp') p = email;
    else if (name === 'whatsapp')
      p =
        e.whatsappPhoneNumberId && e.whatsapp.accessToken && e.whatsapp.appSecret
          ? createWhatsapp({
              base: d.bases().whatsapp,
              phoneNumberId: e.whatsappPhoneNumberId,
              accessToken: e.whatsapp.accessToken,
              appSecret: e.whatsapp.appSecret,
              prices: e.row.whatsappPriceUnits,
              fetchImpl: d.fetchImpl,
            })
          : null;
    else if (name === 'webpush') p = createWebPush({ ...(await d.settings.vapid()), subject: d.pushContact });
    else p = sms(e, name);
    if (p) made.set(name, p);
    return p;
  }

  return {
    get,
    /** The provider a new message on this channel goes through (SMS: the first choice; its fallback is tried when it is down). */
    async forChannel(channel: Channel): Promise<ChannelProvider | null> {
      if (channel === 'email') return email;
      if (channel === 'push') return get('webpush');
      if (channel === 'whatsapp') return get('whatsapp');
      const { e } = await current();
      return e.smsProvider ? get(e.smsProvider) : null;
    },
    async smsFallback(): Promise<ChannelProvider | null> {
      const { e } = await current();
      return e.smsFallback && e.smsFallback !== e.smsProvider ? get(e.smsFallback) : null;
    },
    /** Which channels can send now (configured), for the composer and routing. */
    async available(): Promise<Set<Channel>> {
      const out = new Set<Channel>(['email', 'push']);
      if (await this.forChannel('sms')) out.add('sms');
      if (await get('whatsapp')) out.add('whatsapp');
      return out;
    },
  };
}
export type Providers = ReturnType<typeof createProviders>;
