import http from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { logAccess } from './access-log';
import type { KeptAnswer, PublicCacheStore } from './public-cache';

/** The options Fastify hands a server factory that its own server would be made with. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * An answer a route lets the server in front of Fastify give for its exact URL while the route says it
 * holds (health: while the database ping it reports is fresh). Its bytes and headers are the route's own
 * last answer; `etag` only when the route sends one.
 */
export type FrontAnswer = Pick<KeptAnswer, 'route' | 'bytes' | 'headers' | 'notModifiedHeaders'> & { etag?: string };
/** By URL: what the route would answer now, or undefined to let Fastify answer. */
export type FrontAnswers = Map<string, () => FrontAnswer | undefined>;

/** What the server in front of Fastify reports for each answer it gives (request metrics, the request log). */
export interface KeptAnswerObserver {
  /** Set once the app is built (the metrics plugin's counters). */
  count?: (route: string, status: number, seconds: number) => void;
  log?: FastifyBaseLogger;
  levelValue: () => number;
}

/**
 * The HTTP server Fastify listens with, plus one thing in front of it: an anonymous GET whose answer
 * is kept (plugins/public-cache.ts) is written straight from memory — body and headers exactly as the
 * route sent them the first time, with a request id of its own — without creating Fastify's request,
 * reply and logger or running any hook. The profile of a visitor's read put that framework work at
 * most of what was left once the database was out of the way (bench/reports/speed.md).
 *
 * Everything else goes to Fastify unchanged, and so does any request the kept answer might not fit:
 * a signed-in or keyed caller, another method, and a request with an Origin while CORS_ORIGINS is set
 * (its CORS headers depend on the origin). The route's own onRequest hook answers those from the same
 * store when it can.
 */
export function keptAnswersServer(
  store: PublicCacheStore,
  opts: {
    corsActive: boolean;
    genReqId: (req: http.IncomingMessage) => string;
    observer: KeptAnswerObserver;
    /** Answers routes give in front of Fastify (see FrontAnswer). */
    front?: FrontAnswers;
  },
): FastifyServerFactory {
  const { corsActive, genReqId, observer, front } = opts;

  function write(req: http.IncomingMessage, res: http.ServerResponse, e: FrontAnswer) {
    const started = performance.now();
    const id = genReqId(req);
    const notModified = e.etag !== undefined && req.headers['if-none-match'] === e.etag;
    const status = notModified ? 304 : 200;
    if (notModified) {
      res.writeHead(304, [...e.notModifiedHeaders, 'x-request-id', id]);
      res.end();
    } else {
      res.writeHead(200, [...e.headers, 'x-request-id', id, 'content-length', String(e.bytes.length)]);
      res.end(e.bytes);
    }
    const seconds = (performance.now() - started) / 1000;
    observer.count?.(e.route, status, seconds);
    // The access line every answer gets, when the level shows it (pino levels: info is 30).
    if (observer.log && observer.levelValue() <= 30)
      logAccess(observer.log, { reqId: id, method: 'GET', route: e.route, status, ms: seconds * 1000, kept: true });
  }

  return (handler, rawOptions) => {
    const options = rawOptions as ServerOptions;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (
        req.method === 'GET' &&
        req.headers.authorization === undefined &&
        req.headers['x-api-key'] === undefined &&
        !(corsActive && req.headers.origin !== undefined)
      ) {
        const e = store.fresh(req.url!) ?? front?.get(req.url!)?.();
        if (e) return write(req, res, e);
      }
      handler(req, res);
    });
    // What Fastify sets on the server it makes itself (fastify/lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
