import type { Channel, ChannelProviderName } from '@church/contract/channels';

/**
 * The one interface every messaging channel's provider implements (like
 * modules/giving/payment-provider.ts): the delivery job sends through it and
 * the callback route verifies and reads through it. A provider speaks only
 * its own wire format; what a state means for the church (consent, opt-out,
 * retries, the delivery list) is decided elsewhere (deliver.ts, callbacks.ts).
 */
export interface OutboundMessage {
  /** Our delivery id: sent as the provider's client reference where it has one. */
  deliveryId: string;
  /** E.164 number, e-mail address, or a push subscription's JSON. */
  to: string;
  text: string;
  subject?: string;
  /** WhatsApp: an approved template with its variables ({{1}}, {{2}}…). */
  template?: { name: string; language: string; variables: string[] };
  /** E-mail: the branded HTML part (the text part is `text`). */
  html?: string;
  headers?: Record<string, string>;
}

export type SendOutcome =
  | { ok: true; providerMessageId: string }
  /** retryable: the provider was down or slow (5xx, timeout); otherwise the message itself was refused. */
  | { ok: false; retryable: boolean; reason: string; optedOut?: boolean };

export type ReportedState = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusUpdate {
  providerMessageId: string;
  state: ReportedState;
  reason?: string;
  /** The provider's own identity of this report: a replay carries the same key and is ignored. */
  eventKey: string;
}

export interface InboundMessage {
  /** E.164. */
  from: string;
  text: string;
  eventKey: string;
}

export interface CallbackRequest {
  method: string;
  /** The URL the provider called, as it signed it (public URL + path + query). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  query: Record<string, string>;
}

export type CallbackResult = { ok: true; statuses: StatusUpdate[]; inbound: InboundMessage[] } | { ok: false; reason: string };

export interface ChannelProvider {
  channel: Channel;
  name: ChannelProviderName;
  send(message: OutboundMessage): Promise<SendOutcome>;
  /** The provider's current state of a message, where it can be asked (a missed callback); null when it cannot. */
  status(providerMessageId: string): Promise<ReportedState | null>;
  /** Signature (or shared secret) and shape of a callback; never throws on bad input. */
  verifyCallback(req: CallbackRequest): CallbackResult;
  /** What the message costs on this channel: segments (SMS) and price units (hundredths of a cent). */
  cost(message: Pick<OutboundMessage, 'text' | 'template'> & { category?: string }): { segments: number | null; units: number };
}

/** How long a provider may take to answer before the attempt counts as failed and is retried. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** One HTTP call to a provider: a timeout or a 5xx is retryable; a 4xx is the message's fault. */
export async function callProvider(
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch = fetch,
): Promise<
  { ok: true; status: number; body: unknown } | { ok: false; retryable: boolean; status: number | null; body: unknown; reason: string }
> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), redirect: 'error' });
  } catch (err) {
    const e = err as Error;
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    return {
      ok: false,
      retryable: true,
      status: null,
      body: null,
      reason: timedOut ? 'The provider did not answer in time' : `The provider could not be reached (${e.message})`,
    };
  }
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a non-JSON answer is kept as text
  }
  if (res.ok) return { ok: true, status: res.status, body };
  return {
    ok: false,
    retryable: res.status >= 500 || res.status === 429,
    status: res.status,
    body,
    reason: `The provider answered ${res.status}`,
  };
}

export const header = (h: CallbackRequest['headers'], name: string) => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
