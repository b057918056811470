import type { FastifyInstance } from 'fastify';

/**
 * A request must arrive whole within `timeoutMs` (REQUEST_TIMEOUT_MS). Node's
 * own requestTimeout did not cut a client trickling an upload one byte a
 * second (the body streams to a handler that already runs), so the deadline is
 * kept here: when it passes with the body still incomplete, the client gets
 * 408 and the connection is closed. The upload handlers see their stream fail
 * and remove what they wrote.
 */
export function requestDeadline(app: FastifyInstance, timeoutMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // app.inject's stand-in socket has nothing to cut; a request already whole needs no deadline, and nor
    // does one without a body (no length, not chunked: whole once its headers came, which Node's
    // headersTimeout bounds) — most GETs, which would otherwise each arm a timer and three listeners.
    if (raw.complete || typeof raw.socket?.destroy !== 'function') return done();
    if (raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined) return done();
    const timer = setTimeout(() => {
      if (raw.complete || raw.destroyed) return;
      request.log.warn({ timeoutMs }, 'request body did not arrive in time: closing the connection');
      const socket = raw.socket;
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        reply.raw.end(JSON.stringify({ status: 'error', message: 'The request took too long to arrive. Please try again.' }));
      }
      // Give the answer a moment to leave, then drop the trickling client.
      setTimeout(() => socket.destroy(), 100).unref();
      raw.destroy();
    }, timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    done();
  });
}
