import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * The request log: one line per answered request, written when the answer is sent, naming what an operator
 * looks for — method, route pattern, status, time and the request id (the X-Request-Id header). Fastify's
 * own pair of lines ("incoming request", "request completed") is turned off: two lines per request, and the
 * second named neither the method nor the route (issue 37). Kept answers written in front of Fastify
 * (plugins/kept-answers-server.ts) log the same line with `kept: true`.
 */
export interface AccessEntry {
  /** Given only where the logger is not the request's own (that one names the request id already). */
  reqId?: string;
  method: string;
  /** The route's pattern (/api/events/:id), never the URL: ids are enough and query strings are never logged. */
  route: string;
  status: number;
  ms: number;
  /** The client's address as trust-proxy resolves it (not known for kept answers, which skip that work). */
  ip?: string;
  kept?: boolean;
}

/** pino's numeric level for info: the access line is written only when the logger's level shows info. */
const INFO = 30;

export function logAccess(log: FastifyBaseLogger, e: AccessEntry): void {
  log.info(
    {
      ...(e.reqId !== undefined ? { reqId: e.reqId } : {}),
      method: e.method,
      route: e.route,
      status: e.status,
      ms: Math.round(e.ms * 10) / 10,
      ...(e.ip !== undefined ? { ip: e.ip } : {}),
      ...(e.kept ? { kept: true } : {}),
    },
    `${e.method} ${e.route} ${e.status}`,
  );
}

/** A request no route matched is named by its path (without the query string), shortened: a scanner's paths can be long. */
const unmatched = (url: string) => {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
};

/**
 * Fastify's request lines, replaced: nothing when a request arrives, the access line when its answer is sent
 * (Fastify calls requestCompleted once the response is finished, with no extra hook on the request path), and
 * no separate "route not found" line (the access line names the path). Fastify's other lines (errors handled by
 * its default handler, streams cut after the headers) are kept. A route's own logLevel applies as before.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // reply.log is the request's child logger: it names the request id itself.
    const entry = {
      method: request.method,
      route: request.routeOptions.url ?? unmatched(request.url),
      status: reply.statusCode,
      ms: reply.elapsedTime,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...entry, err: error }, `${entry.method} ${entry.route} ${entry.status} (response failed)`);
    else if ((reply.log as unknown as { levelVal: number }).levelVal <= INFO) logAccess(reply.log, entry);
  }
}

let destination: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output written asynchronously (pino's SonicBoom with sync: false): a log line is queued and the
 * request goes on; the writes happen between requests, several lines at a time. Lines are written as soon as
 * the process is idle (no minimum batch), so a quiet server's last line is never held back, and whatever is
 * still queued is written synchronously when the process exits — on a normal stop, on process.exit and after
 * an uncaught exception (Node's 'exit' event runs in each case). One destination per process.
 */
export function asyncStdout(): ReturnType<typeof pino.destination> {
  if (destination) return destination;
  const dest = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
    try {
      dest.flushSync();
    } catch {
      // Not open yet, or standard output is gone: nothing more can be written.
    }
  });
  destination = dest;
  return dest;
}
