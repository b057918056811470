import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatBus } from '../realtime/bus';

/** What a public read shows; a write to the same part of the API changes it. */
export type PublicTopic = 'events' | 'sermons' | 'settings' | 'bible';
const TOPICS: readonly PublicTopic[] = ['events', 'sermons', 'settings', 'bible'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An anonymous GET of this route (and, if it is in the public API, a GET with a developer key
     * that may read it) is answered from memory (and with an ETag) until a write changes the topic
     * on any instance, or PUBLIC_CACHE_SECONDS pass. Only for answers that are the same for every
     * anonymous caller, and for every key.
     */
    publicCache?: PublicTopic;
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

/** Spread into a route's config: `config: { ...publicRead('events') }`. */
export const publicRead = (topic: PublicTopic) => ({ publicCache: topic }) as const;

/** Kept answers at most (the query string is part of the key: a crawler cannot grow it without end). */
const MAX_ENTRIES = 500;
/** Per-person values at most (a few ids each): a church's signed-in members at once, and bounded. */
const MAX_PERSONAL_ENTRIES = 10_000;

/** A kept answer: the body and every header the route sent with it, but the request id (each answer has its own). */
export interface KeptAnswer {
  at: number;
  topic: PublicTopic;
  /** The route's pattern (/api/events/:id), for the request metrics. */
  route: string;
  body: string;
  /** The body as sent, encoded once. */
  bytes: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  /** Every header of the 200 as Fastify sent it (security headers, content type, ETag ...), flat [name, value, ...], request id left out. */
  headers: string[];
  /** The same for a 304 (no content type or length). */
  notModifiedHeaders: string[];
}

/**
 * Where kept answers live: made before the Fastify instance, so the HTTP server in front of it
 * (kept-answers-server.ts) can answer from it without entering Fastify at all.
 */
export interface PublicCacheStore {
  readonly freshMs: number;
  /** A fresh kept answer for this key (anonymous: the URL; keyed: `key <url>`), made the newest. */
  fresh(key: string, now?: number): KeptAnswer | undefined;
  put(key: string, answer: KeptAnswer): void;
  /** Bumped by every change: an answer computed before it is not kept. */
  readonly generation: number;
  drop(topics: readonly PublicTopic[]): void;
  readonly size: number;
}

export function createPublicCacheStore(freshMs: number): PublicCacheStore {
  const entries = new Map<string, KeptAnswer>();
  let generation = 0;
  return {
    freshMs,
    fresh(key, now = Date.now()) {
      const e = entries.get(key);
      if (!e || now - e.at > freshMs) return undefined;
      // Newest at the end: the oldest is the first to go when the map is full.
      entries.delete(key);
      entries.set(key, e);
      return e;
    },
    put(key, answer) {
      entries.delete(key);
      entries.set(key, answer);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    get generation() {
      return generation;
    },
    drop(topics) {
      generation += 1;
      for (const [key, e] of entries) if (topics.includes(e.topic)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/** Headers that differ from one answer to the next, or that Node writes itself. */
export const PER_ANSWER = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
export const NOT_FOR_304 = new Set(['content-type', 'content-length', 'content-encoding']);

export function flatHeaders(headers: Record<string, unknown>, skip: (name: string) => boolean): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || skip(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) flat.push(name, String(v));
  }
  return flat;
}

export interface PublicCache {
  /** Clears what shows these topics, here and (through the bus) on every other instance. */
  changed(topics: readonly PublicTopic[]): Promise<void>;
  /**
   * A value every caller sees alike (e.g. a page of events with their attendee counts, before a
   * signed-in caller's own registrations are added), loaded once and shared for PUBLIC_CACHE_SECONDS
   * at most, dropped with its topic like the kept answers. Concurrent callers share one load.
   * Never for anything that differs from one caller to another.
   */
  shared<T>(topic: PublicTopic, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * What one signed-in person adds to a shared value (their own registrations among a page's events),
   * kept and dropped exactly like `shared`, per person, in its own bounded map (many people must not
   * push the shared pages out). Only for the person's own view of rows under the topic: every write
   * that can change it is a write under that topic, which drops it before its answer leaves.
   */
  personal<T>(topic: PublicTopic, personId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Called after any topic changed here or elsewhere (the home page render listens). */
  onChange(fn: (topics: readonly PublicTopic[]) => void): void;
  readonly size: number;
}

/** The topic a write changes: the part of the API it is under (/api/events/:id/register → events). */
function topicOfWrite(url: string | undefined): PublicTopic | undefined {
  const m = /^\/api\/([a-z-]+)/.exec(url ?? '');
  return m ? TOPICS.find((t) => t === m[1]) : undefined;
}

/** Anonymous: no sign-in and no API key (either can change the answer, e.g. `registered` on events). */
const anonymous = (request: FastifyRequest) => !request.headers.authorization && !request.headers['x-api-key'];

/**
 * A developer key reading through the public API (auth.withApiKey let it in, as nobody: no person
 * signed in). Its answer differs from the anonymous one (e.g. past events too) but not from one key
 * to another, so keyed reads share their own kept answers. Known only after the guard ran.
 */
const keyedReader = (request: FastifyRequest) =>
  !!request.apiKey && request.user === null && !!request.routeOptions.config.apiKeyPermission?.startsWith('read:');

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Anonymous public reads (events, sermons, settings, verse of the day) — and the same reads made with
 * a developer key (kept apart: a key sees past events too) — answered from memory for
 * at most `freshMs` (PUBLIC_CACHE_SECONDS; it bounds what no HTTP write announces: time passing —
 * an event that just ended, a new day's verse —, view counts, rows a CLI or a cascade changed):
 * the answer a route serialised once is kept per URL and sent again as it was, so a visitor's
 * request costs neither the database nor the serialiser. Each answer carries an ETag (a browser or
 * a CDN revalidating gets 304) and `no-cache` unless the route says otherwise. A successful write
 * under /api/<topic> (or one marked `changesHomePage`) publishes `public-changed` on the chat bus,
 * which every instance (PostgreSQL LISTEN/NOTIFY; in process on PGlite) answers by dropping its
 * entries for those topics. Call before the routes are registered.
 */
export function publicCachePlugin(app: FastifyInstance, bus: ChatBus, store: PublicCacheStore) {
  const listeners: Array<(topics: readonly PublicTopic[]) => void> = [];
  const freshMs = store.freshMs;

  const sharedValues = keptValues(freshMs, MAX_ENTRIES);
  const personalValues = keptValues(freshMs, MAX_PERSONAL_ENTRIES);

  function drop(topics: readonly PublicTopic[]) {
    store.drop(topics);
    sharedValues.drop(topics);
    personalValues.drop(topics);
    for (const fn of listeners) fn(topics);
  }
  bus.subscribe((event) => {
    if (event.t === 'public-changed') drop(event.topics.filter((t): t is PublicTopic => TOPICS.includes(t as PublicTopic)));
  });

  const cache: PublicCache = {
    changed: (topics) => bus.publish({ t: 'public-changed', topics: [...topics] }),
    onChange: (fn) => void listeners.push(fn),
    shared: (topic, key, load) => sharedValues.get(topic, key, load),
    personal: (topic, personId, key, load) => personalValues.get(topic, `${personId} ${key}`, load),
    get size() {
      return store.size;
    },
  };
  app.decorate('publicCache', cache);

  const send = (request: FastifyRequest, reply: FastifyReply, e: KeptAnswer) => {
    reply.header('etag', e.etag).header('cache-control', e.cacheControl);
    if (request.headers['if-none-match'] === e.etag) return reply.code(304).send();
    return reply.type(e.contentType).send(e.body);
  };

  const answer = (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const e = store.fresh(key);
    if (!e) {
      // Remembered for onSend: only an answer whose work began after the last change is kept.
      (request as CachedRequest).publicCacheGeneration = store.generation;
      (request as CachedRequest).publicCacheKey = key;
      return;
    }
    return send(request, reply, e);
  };

  // An anonymous GET is usually answered by the HTTP server in front of Fastify (kept-answers-server.ts);
  // this hook answers the rest (app.inject, requests that carry an Origin while CORS is on).
  const anonymousRead = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !anonymous(request)) return;
    return answer(request, reply, request.url);
  };

  // Keyed reads after their guard (the key is checked, its quota counted and the rate-limit headers
  // set on every answer, kept or not), before the handler's database work.
  const keyedRead = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !keyedReader(request)) return;
    return answer(request, reply, `key ${request.url}`);
  };

  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const { publicCacheGeneration: started, publicCacheKey: key } = request as CachedRequest;
    const topic = request.routeOptions.config.publicCache;
    if (started === undefined || key === undefined || !topic || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
    const header = reply.getHeader('cache-control');
    const cacheControl = typeof header === 'string' ? header : 'no-cache';
    reply.header('etag', etag).header('cache-control', cacheControl);
    if (started !== store.generation) return payload;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const headers = reply.getHeaders() as Record<string, unknown>;
    store.put(key, {
      at: Date.now(),
      topic,
      route: request.routeOptions.url ?? request.url,
      body: payload,
      bytes: Buffer.from(payload),
      etag,
      contentType,
      cacheControl,
      headers: flatHeaders({ ...headers, 'content-type': contentType }, (h) => PER_ANSWER.has(h)),
      notModifiedHeaders: flatHeaders(headers, (h) => PER_ANSWER.has(h) || NOT_FOR_304.has(h)),
    });
    return payload;
  };

  // Before the answer leaves (not onResponse): a client that reads right after its write must not
  // get the old answer from this instance.
  const announce = (topics: readonly PublicTopic[]) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 400) return payload;
    // This instance at once (the bus delivers locally first); others as the bus carries it.
    await cache.changed(topics).catch((err: unknown) => request.log.warn({ err }, 'public cache: could not announce a change'));
    return payload;
  };

  // Hooks only on the routes they concern, so every other request runs none of them.
  app.addHook('onRoute', (route) => {
    const methods = asArray(route.method);
    const config = (route.config ?? {}) as { publicCache?: PublicTopic; changesHomePage?: boolean };
    if (config.publicCache && freshMs && methods.includes('GET')) {
      route.onRequest = [...asArray(route.onRequest as never), anonymousRead] as never;
      route.preHandler = [...asArray(route.preHandler as never), keyedRead] as never;
      route.onSend = [...asArray(route.onSend as never), keep] as never;
    }
    if (methods.every((m) => SAFE.has(m))) return;
    const topics = config.changesHomePage ? TOPICS : [topicOfWrite(route.url)].filter((t) => t !== undefined);
    if (topics.length) route.onSend = [...asArray(route.onSend as never), announce(topics)] as never;
  });
}

/**
 * Values loaded once and kept for `freshMs` at most, by topic and key, dropped with their topic; a load
 * under way is kept too, so concurrent callers share it. The oldest entry goes when `max` is passed.
 */
function keptValues(freshMs: number, max: number) {
  const values = new Map<string, { at: number; topic: PublicTopic; value: Promise<unknown> }>();
  return {
    get<T>(topic: PublicTopic, key: string, load: () => Promise<T>): Promise<T> {
      if (!freshMs) return load();
      const k = `${topic} ${key}`;
      const now = Date.now();
      const e = values.get(k);
      if (e && now - e.at <= freshMs) return e.value as Promise<T>;
      // Kept before the load: a change during it drops the entry (drop below), so nobody later gets its result.
      const value = load();
      const entry = { at: now, topic, value };
      values.set(k, entry);
      if (values.size > max) values.delete(values.keys().next().value!);
      value.catch(() => values.get(k) === entry && values.delete(k));
      return value;
    },
    drop(topics: readonly PublicTopic[]) {
      for (const [key, e] of values) if (topics.includes(e.topic)) values.delete(key);
    },
  };
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

type CachedRequest = FastifyRequest & { publicCacheGeneration?: number; publicCacheKey?: string };
