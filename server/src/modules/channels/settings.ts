import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CHANNELS,
  SMS_PROVIDERS,
  WHATSAPP_CATEGORIES,
  type Channel,
  type ChannelSettings,
  type ChannelSettingsRequest,
  type SmsProvider,
} from '@church/contract/channels';
import { randToUnits, unitsToRand } from '@church/contract/rules/sms-segments';
import type { Db } from '../../db/client';
import { appSecrets, channelSettings, type ChannelSettingsRow } from '../../db/schema/index';
import type { Sealer } from '../../lib/seal';
import { recordAudit } from '../audit/audit';

/** Every provider's secrets, sealed as one JSON document (never sent to a browser, never logged). */
export interface SmsSecrets {
  smsportal?: { clientId?: string; apiSecret?: string; webhookSecret?: string };
  bulksms?: { username?: string; password?: string; webhookSecret?: string };
  clickatell?: { apiKey?: string; webhookSecret?: string };
  twilio?: { accountSid?: string; authToken?: string; from?: string };
}
export interface WhatsappSecrets extends Record<string, string | undefined> {
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
}

/** In development and demos with the stand-in, what a provider uses when the church has entered nothing. */
export const STANDIN_SECRETS = {
  sms: {
    smsportal: { clientId: 'standin-client', apiSecret: 'standin-secret', webhookSecret: 'standin-smsportal-signing' },
    bulksms: { username: 'standin', password: 'standin-password', webhookSecret: 'standin-bulksms-token' },
    clickatell: { apiKey: 'standin-key', webhookSecret: 'standin-clickatell-token' },
    twilio: { accountSid: 'ACstandin', authToken: 'standin-twilio-token', from: '+27870000000' },
  } satisfies Required<SmsSecrets>,
  whatsapp: { accessToken: 'standin-token', appSecret: 'standin-app-secret', verifyToken: 'standin-verify' },
  whatsappPhoneNumberId: '100000000000001',
};

const ACCOUNT_FIELD: Record<SmsProvider, string> = { smsportal: 'clientId', bulksms: 'username', clickatell: '', twilio: 'accountSid' };

export function createChannelSettings(d: { db: Db; sealer: Sealer; standin: boolean }) {
  async function row(): Promise<ChannelSettingsRow> {
    const [r] = await d.db.select().from(channelSettings).where(eq(channelSettings.id, 1));
    if (r) return r;
    // First read: the defaults become a row (two instances racing insert the same defaults once).
    await d.db.insert(channelSettings).values({ id: 1 }).onConflictDoNothing();
    const [created] = await d.db.select().from(channelSettings).where(eq(channelSettings.id, 1));
    return created!;
  }

  const open = <T>(sealed: string | null): T => {
    if (!sealed) return {} as T;
    const plain = d.sealer.open(sealed);
    return plain ? (JSON.parse(plain) as T) : ({} as T);
  };

  /** VAPID keys (P-256): generated once and kept like the server secret — the private key sealed in the database. */
  async function vapid(): Promise<{ publicKey: string; privateKey: string }> {
    const [existing] = await d.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    if (existing) {
      const v = JSON.parse(existing.value) as { publicKey: string; sealedPrivateKey: string };
      const privateKey = d.sealer.open(v.sealedPrivateKey);
      if (privateKey) return { publicKey: v.publicKey, privateKey };
    }
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const fresh = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
    const value = JSON.stringify({ publicKey: fresh.publicKey, sealedPrivateKey: d.sealer.seal(fresh.privateKey) });
    // Keys sealed under a previous server secret cannot be opened: replaced (subscriptions made with them stop working).
    await d.db.insert(appSecrets).values({ name: 'vapid', value }).onConflictDoUpdate({ target: appSecrets.name, set: { value } });
    const [kept] = await d.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    const v = JSON.parse(kept!.value) as { publicKey: string; sealedPrivateKey: string };
    return { publicKey: v.publicKey, privateKey: d.sealer.open(v.sealedPrivateKey) ?? fresh.privateKey };
  }

  /** What the server sends with: the church's settings, with the stand-in's keys where it entered none. */
  async function effective() {
    const r = await row();
    const sms = open<SmsSecrets>(r.sealedSms);
    const wa = open<WhatsappSecrets>(r.sealedWhatsapp);
    const smsSecrets: SmsSecrets = d.standin ? mergeDeep(STANDIN_SECRETS.sms, sms) : sms;
    return {
      row: r,
      order: r.channelOrder.filter((c): c is Channel => (CHANNELS as readonly string[]).includes(c)),
      smsProvider: (r.smsProvider as SmsProvider | null) ?? (d.standin ? 'smsportal' : null),
      smsFallback: r.smsFallback as SmsProvider | null,
      sms: smsSecrets,
      whatsappPhoneNumberId: r.whatsappPhoneNumberId || (d.standin ? STANDIN_SECRETS.whatsappPhoneNumberId : ''),
      whatsapp: d.standin ? { ...STANDIN_SECRETS.whatsapp, ...stripEmpty(wa) } : wa,
    };
  }

  async function present(): Promise<ChannelSettings> {
    const r = await row();
    const sms = open<SmsSecrets>(r.sealedSms);
    const wa = open<WhatsappSecrets>(r.sealedWhatsapp);
    return {
      channelOrder: r.channelOrder as Channel[],
      smsProvider: r.smsProvider as SmsProvider | null,
      smsFallback: r.smsFallback as SmsProvider | null,
      smsSenderId: r.smsSenderId,
      smsAccounts: r.smsAccounts,
      smsSecretsSet: Object.fromEntries(SMS_PROVIDERS.map((p) => [p, Object.values(sms[p] ?? {}).some(Boolean)])),
      smsPrice: unitsToRand(r.smsPriceUnits),
      whatsappPhoneNumberId: r.whatsappPhoneNumberId,
      whatsappSecretsSet: !!(wa.accessToken && wa.appSecret),
      whatsappPrices: Object.fromEntries(
        WHATSAPP_CATEGORIES.map((c) => [c, unitsToRand(r.whatsappPriceUnits[c] ?? 0)]),
      ) as ChannelSettings['whatsappPrices'],
      quietStart: r.quietStart,
      quietEnd: r.quietEnd,
      brandColour: r.brandColour,
      emailFooter: r.emailFooter,
      pushPublicKey: (await vapid()).publicKey,
      standin: d.standin,
      updatedAt: r.updatedAt?.toISOString() ?? null,
    };
  }

  async function update(actor: { id: string; name: string; role: string }, input: ChannelSettingsRequest) {
    const r = await row();
    const sms = open<SmsSecrets>(r.sealedSms);
    const wa = open<WhatsappSecrets>(r.sealedWhatsapp);
    // A blank field keeps what is stored: the form never shows a key, so it cannot send it back.
    const nextSms = input.smsCredentials ? mergeDeep(sms, stripEmptyDeep(input.smsCredentials)) : sms;
    const nextWa = input.whatsappCredentials ? { ...wa, ...stripEmpty(input.whatsappCredentials) } : wa;
    const accounts = { ...r.smsAccounts };
    for (const p of SMS_PROVIDERS) {
      const field = ACCOUNT_FIELD[p];
      const v = field ? (nextSms[p] as Record<string, string> | undefined)?.[field] : undefined;
      if (v) accounts[p] = v;
    }
    await d.db.transaction(async (tx) => {
      await tx
        .update(channelSettings)
        .set({
          ...(input.channelOrder ? { channelOrder: input.channelOrder } : {}),
          ...(input.smsProvider !== undefined ? { smsProvider: input.smsProvider } : {}),
          ...(input.smsFallback !== undefined ? { smsFallback: input.smsFallback } : {}),
          ...(input.smsSenderId !== undefined ? { smsSenderId: input.smsSenderId } : {}),
          ...(input.smsPrice !== undefined ? { smsPriceUnits: randToUnits(input.smsPrice) } : {}),
          ...(input.whatsappPhoneNumberId !== undefined ? { whatsappPhoneNumberId: input.whatsappPhoneNumberId } : {}),
          ...(input.whatsappPrices
            ? {
                whatsappPriceUnits: {
                  ...r.whatsappPriceUnits,
                  ...Object.fromEntries(Object.entries(input.whatsappPrices).map(([k, v]) => [k, randToUnits(v!)])),
                },
              }
            : {}),
          ...(input.quietStart ? { quietStart: input.quietStart } : {}),
          ...(input.quietEnd ? { quietEnd: input.quietEnd } : {}),
          ...(input.brandColour ? { brandColour: input.brandColour } : {}),
          ...(input.emailFooter !== undefined ? { emailFooter: input.emailFooter } : {}),
          smsAccounts: accounts,
          sealedSms: Object.keys(nextSms).length ? d.sealer.seal(JSON.stringify(nextSms)) : null,
          sealedWhatsapp: Object.keys(nextWa).length ? d.sealer.seal(JSON.stringify(nextWa)) : null,
          updatedBy: actor.id,
          updatedAt: new Date(),
        })
        .where(eq(channelSettings.id, 1));
      // What changed, never a key: the audit log is read by administrators and kept.
      const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
      await recordAudit(tx, {
        actorId: actor.id,
        actorName: actor.name,
        actorRole: actor.role,
        action: 'channels.settings',
        entityType: 'channel_settings',
        entityId: 'channels',
        summary: `Changed the messaging channels: ${changed.join(', ')}`,
        before: null,
        after: { changed },
      });
    });
    return present();
  }

  return { row, effective, present, update, vapid };
}
export type ChannelSettingsService = ReturnType<typeof createChannelSettings>;

const stripEmpty = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
const stripEmptyDeep = (o: Record<string, Record<string, unknown> | undefined>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, stripEmpty(v ?? {})]));
function mergeDeep<T extends object>(a: T, b: object): T {
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  for (const [k, v] of Object.entries(b)) out[k] = { ...((out[k] as object) ?? {}), ...(v as object) };
  return out as T;
}
