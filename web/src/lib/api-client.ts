import type { z } from 'zod';
import { failureMessage } from '@church/contract/rules/api-error';
import { TEXTS } from '@church/contract/texts';
import { TWO_FACTOR_TEXTS } from '@church/contract/two-factor-texts';
import { paths } from '../config/paths';
import { sessionStore } from './storage';
import { notify } from './notify';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body?: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions<S extends z.ZodTypeAny | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Validates the answer; the result is typed by it. */
  schema?: S;
  /** Login and register do not redirect on 401 (spec 000 §4). */
  skipAuthRedirect?: boolean;
  /** The caller shows the server's own reason for a 403 (a closed developer registration): no generic "no permission" toast beside it. */
  ownForbidden?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

let onUnauthorized: () => void = () => {
  sessionStore.clear();
  window.location.assign('/login');
};
/** The session provider replaces the default 401 handling with its own. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** Where requests go: the page's own origin in the browser; the server's renderer sets its own. */
let transport: { origin: () => string; fetch: typeof fetch } = {
  origin: () => window.location.origin,
  fetch: (...args) => fetch(...args),
};
/** Used by the server-side render (entry-server.tsx) to answer the page's queries in-process. */
export function setApiTransport(origin: string, fetchImpl: typeof fetch) {
  transport = { origin: () => origin, fetch: fetchImpl };
}

/**
 * The one fetch wrapper: base /api, bearer token, JSON in and out, the
 * spec's failure message rule, 401 → sign out, 403 → toast.
 */
export async function api<S extends z.ZodTypeAny | undefined = undefined>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<S extends z.ZodTypeAny ? z.output<S> : unknown> {
  const token = sessionStore.token();
  const url = new URL(`/api${path}`, transport.origin());
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const res = await transport.fetch(url, {
    method: opts.method ?? 'GET',
    signal: opts.signal,
    headers: {
      accept: 'application/json',
      ...(opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  // A failure's body only words the message, so an unreadable one is no loss. A success's body cut short
  // (the page navigating away mid-read, the network dropping) rejects as the fetch itself would: the
  // caller sees no answer rather than an empty one (the session check once ended a session on this).
  const body: unknown = isJson
    ? await res.json().catch((err: unknown) => {
        if (res.ok) throw err;
        return undefined;
      })
    : undefined;
  if (!res.ok) {
    if (res.status === 401 && token && !opts.skipAuthRedirect) onUnauthorized();
    if (res.status === 403 && isTwoFactorSetupDemand(body)) onTwoFactorSetupRequired();
    else if (res.status === 403 && !opts.ownForbidden) notify.error(TEXTS.forbidden);
    throw new ApiError(res.status, failureMessage(res.status, body, isJson), body);
  }
  if (opts.schema) return opts.schema.parse(body) as never;
  return body as never;
}

const isTwoFactorSetupDemand = (body: unknown) => (body as { message?: unknown } | undefined)?.message === TWO_FACTOR_TEXTS.setupRequired;

/**
 * The church requires two-factor sign-in for this person's role and they have none yet (issue 29): the server
 * refuses everything but the enrolment, so the app takes them to the profile's security card, which explains.
 */
function onTwoFactorSetupRequired() {
  if (window.location.pathname === paths.mobile.profile) notify.error(TWO_FACTOR_TEXTS.setupRequired);
  else window.location.assign(`${paths.mobile.profile}#two-factor`);
}

/**
 * A call whose answer is trusted to have type T without validating it here:
 * the server already checks every response against the same contract schema
 * before sending it. Used on the public site so zod stays out of its first download.
 */
export function apiAs<T>(path: string, opts: Omit<RequestOptions, 'schema'> = {}): Promise<T> {
  return api(path, opts) as Promise<T>;
}
