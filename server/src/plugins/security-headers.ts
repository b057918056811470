import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { payfastEndpoints, type Config } from '../config';

/**
 * The image source the map tiles need, narrowed to the tile server's origin.
 * `https://{s}.tile.openstreetmap.org/...` becomes `https://*.tile.openstreetmap.org`;
 * a template whose host cannot be read falls back to its scheme alone.
 */
export function tileImageSource(tileUrl: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  // A leading {s} (subdomain) becomes a CSP wildcard; any other placeholder in the host is unknowable.
  const host = m[2]!.toLowerCase().replace(/^\{s\}\./, '*.');
  if (host.includes('{') || host.includes('}') || host.includes('@')) return `${scheme}:`;
  return `${scheme}://${host}`;
}

/**
 * Response security headers (OWASP ASVS 14.4): a content security policy
 * without scheme wildcards, HSTS only when the public address is https
 * (a browser that saw it over plain http would refuse the site for a year),
 * nosniff, no framing by other sites, and no referrer leaving the site.
 *
 * connect-src 'self' covers the chat socket: CSP level 3 lets 'self' match
 * ws:/wss: on the page's own host (Chromium, Firefox and Safari do), so no
 * `ws:`/`wss:` wildcard is needed; the chat e2e test proves it.
 */
function payfastOrigins(network: Config['payfastNetwork']) {
  if (network.baseUrl) return [new URL(network.baseUrl).origin];
  return [new URL(payfastEndpoints(network, false).baseUrl).origin, new URL(payfastEndpoints(network, true).baseUrl).origin];
}

export function helmetOptions(config: Pick<Config, 'publicUrl' | 'mapTileUrl' | 'payfastNetwork'>): HelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  const tiles = tileImageSource(config.mapTileUrl);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server only.
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // Card giving posts the signed checkout form to the payment provider's hosted page. Its live and
        // sandbox hosts are allowed whether or not an account is set: one can be entered in settings at any time.
        formAction: ["'self'", ...payfastOrigins(config.payfastNetwork)],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    noSniff: true,
    // Only the origin leaves the site: tile servers (OpenStreetMap's policy) want a Referer; paths and queries stay private.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet would set, worked out once: they are the same for every answer, and helmet's Fastify
 * plugin rebuilt its middleware on every request (≈ 3 % of a busy server's CPU on every route).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Every answer carries the security headers and its request id (X-Request-Id), errors and 404s included:
 * set first thing, before any hook can answer.
 */
export function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * Which page origins may open the chat socket: the server's own host (as the
 * browser reached it), PUBLIC_URL, and CORS_ORIGINS. Browsers always send
 * Origin on a WebSocket handshake, so a foreign page cannot ride a member's
 * token; clients that are not browsers send none and are judged by the token alone.
 */
export function socketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  config: Pick<Config, 'publicUrl' | 'corsOrigins'>,
) {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host && parsed.host.toLowerCase() === host.toLowerCase()) return true;
  const allowed = [config.publicUrl, ...config.corsOrigins].map((o) => {
    try {
      return new URL(o).origin;
    } catch {
      return null;
    }
  });
  return allowed.includes(parsed.origin);
}
