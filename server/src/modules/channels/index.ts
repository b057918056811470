import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createCallbackHandler } from './callbacks';
import { createDelivery } from './deliver';
import { createProviders, PROVIDER_BASES, type ProviderBases } from './providers';
import { channelsRoutes } from './routes';
import { createChannelsService } from './service';
import { createChannelSettings, STANDIN_SECRETS } from './settings';
import { startChannelsStandin, type ChannelsStandin } from './standin/standin';

export interface ChurchDetails {
  churchName: string;
  logoUrl: string | null;
  address: string;
  phone: string;
  email: string;
}

/**
 * Messaging channels (issue 35): settings, the providers, the delivery job,
 * the providers' callbacks and, in development and e2e (CHANNELS_STANDIN_PORT),
 * the local stand-in every provider's requests go to. Tests start their own
 * stand-in and point the providers at it (`useStandin`).
 */
export async function registerChannels(
  api: FastifyInstance,
  ctx: AppContext,
  church: () => Promise<ChurchDetails>,
  timeZone: () => Promise<string>,
) {
  const port = ctx.config.channelsStandinPort;
  const publicUrl = ctx.config.publicUrl.replace(/\/$/, '');
  let bases: ProviderBases = PROVIDER_BASES;
  let standinMode = ctx.config.env === 'test' || !!port;
  const settings = createChannelSettings({ db: ctx.db, sealer: ctx.sealer('channels'), standin: standinMode });
  const callbackUrl = (provider: string) => `${publicUrl}/api/channels/callbacks/${provider}`;
  const providers = createProviders({ settings, mailer: ctx.mailer, bases: () => bases, callbackUrl, pushContact: ctx.config.pushContact });
  const branding = async () => {
    const c = await church();
    return {
      churchName: c.churchName,
      logoUrl: c.logoUrl ? (c.logoUrl.startsWith('http') ? c.logoUrl : `${publicUrl}${c.logoUrl}`) : null,
      details: [c.address, c.phone, c.email],
    };
  };
  const delivery = createDelivery({
    db: ctx.db,
    jobs: ctx.jobs,
    providers,
    log: api.log,
    branding: async () => ({
      ...(await branding()),
      colour: (await settings.row()).brandColour,
      footer: (await settings.row()).emailFooter,
    }),
    preferencesUrl: `${publicUrl}/mobile/profile`,
  });
  const service = createChannelsService({ db: ctx.db, delivery, settings, timeZone, branding });
  const callbacks = createCallbackHandler({ db: ctx.db, consents: ctx.consents });
  await api.register(channelsRoutes, { db: ctx.db, settings, service, providers, callbacks, publicUrl });

  /** Points the providers at a stand-in (tests, benches); its callbacks are signed with the stand-in secrets. */
  const useStandin = (s: Pick<ChannelsStandin, 'bases'>) => {
    bases = { ...PROVIDER_BASES, ...s.bases };
    standinMode = true;
  };
  if (port && ctx.config.env !== 'test') {
    const standin = await startChannelsStandin({
      port,
      callbackBase: `${publicUrl}/api/channels/callbacks`,
      secrets: async () => standinSecrets(await settings.effective()),
    });
    useStandin(standin);
    api.addHook('onClose', () => standin.close());
  }
  const module = { settings, providers, delivery, service, callbacks, useStandin };
  registry.set(ctx, module);
  return module;
}

const registry = new WeakMap<AppContext, ChannelsModule>();
/** The channels of an app (tests and benches reach its settings, delivery and stand-in switch through it). */
export const channelsOf = (ctx: AppContext) => registry.get(ctx)!;

/** The secrets the stand-in signs its callbacks with: the ones the server verifies with. */
export function standinSecrets(e: Awaited<ReturnType<ReturnType<typeof createChannelSettings>['effective']>>) {
  return {
    smsportal: e.sms.smsportal?.webhookSecret ?? STANDIN_SECRETS.sms.smsportal.webhookSecret,
    bulksms: e.sms.bulksms?.webhookSecret ?? STANDIN_SECRETS.sms.bulksms.webhookSecret,
    clickatell: e.sms.clickatell?.webhookSecret ?? STANDIN_SECRETS.sms.clickatell.webhookSecret,
    twilio: e.sms.twilio?.authToken ?? STANDIN_SECRETS.sms.twilio.authToken,
    whatsapp: e.whatsapp.appSecret ?? STANDIN_SECRETS.whatsapp.appSecret,
  };
}
export type ChannelsModule = Awaited<ReturnType<typeof registerChannels>>;
