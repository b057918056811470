import { z } from 'zod';
import path from 'node:path';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be positive').default(fallback);

/** Every setting the server reads, with its default. `.env.example` lists the same names. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, 'must be a port number (0-65535)').default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 48)').optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 30m, 12h or 7d')
    .default('7d'),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://church.example.org' }).optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().max(500).optional(),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  /** A request (uploads included) must arrive whole within this time; a client trickling bytes is cut off with 408. */
  REQUEST_TIMEOUT_MS: positiveInt(120_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Church <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_PER_IP: positiveInt(50),
  /** Failed sign-ins at one account from one address per window. */
  LOGIN_MAX_PER_ACCOUNT: positiveInt(10),
  /** Failed sign-ins at one account from all addresses together per window (a distributed guess). */
  LOGIN_ACCOUNT_CEILING: positiveInt(100),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  /** Anonymous sign-ups per address per hour (the other public forms are limited the same way). */
  SIGNUP_MAX_PER_IP: positiveInt(10),
  BIBLE_API_BASE: z.url({ error: 'must be a full URL' }).default('https://bible.helloao.org/api'),
  BIBLE_API_TIMEOUT_MS: positiveInt(8000),
  BIBLE_CACHE_MINUTES: positiveInt(360),
  PUBLIC_CACHE_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).max(3600).default(10),
  BIBLE_BUNDLED: bool(true),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  UPLOAD_DIR: z.string().optional(),
  /** Hosts webhooks may reach even on private/loopback addresses (comma-separated), e.g. 127.0.0.1 for a local receiver. */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 48)').optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: positiveInt(7),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  // Card giving through PayFast (issue 12). Without merchant id and key, card giving says it is not set up.
  PAYFAST_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be the numeric PayFast merchant id')
    .optional(),
  PAYFAST_MERCHANT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{1,40}$/, 'must be the PayFast merchant key')
    .optional(),
  PAYFAST_PASSPHRASE: z.string().max(100).optional(),
  PAYFAST_SANDBOX: bool(false),
  PAYFAST_BASE_URL: z.url({ error: 'must be a full URL' }).optional(),
  PAYFAST_API_URL: z.url({ error: 'must be a full URL' }).optional(),
  PAYFAST_NOTIFY_IPS: z.string().optional(),
  PAYFAST_STANDIN_PORT: z.coerce.number().int().min(1).max(65535, 'must be a port number').optional(),
  /** A local stand-in for a network label printer (raw ZPL over TCP) on this loopback port: development and e2e only. */
  LABEL_PRINTER_STANDIN_PORT: z.coerce.number().int().min(1).max(65535, 'must be a port number').optional(),
  /** Development, e2e and demos: run the local SMS / WhatsApp / push stand-in on this port and send through it. */
  CHANNELS_STANDIN_PORT: z.coerce.number().int().min(1).max(65535, 'must be a port number').optional(),
  /** The VAPID subject push services may contact (mailto: or https:). */
  PUSH_CONTACT: z.string().max(200).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demoData: boolean;
  jwtSecret?: string;
  jwtExpiresIn: string;
  webhookAllowedHosts: string[];
  publicUrl: string;
  corsOrigins: string[];
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address: false (none: the socket's peer),
   * a number of proxy hops in front, or the proxies' addresses and CIDR ranges. Never "every address":
   * the left-most X-Forwarded-For entry is whatever the client sent.
   */
  trustProxy: false | number | string[];
  bodyLimit: number;
  requestTimeoutMs: number;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  login: { maxPerIp: number; maxPerAccount: number; accountCeiling: number; windowMs: number; signupsPerIpPerHour: number };
  bibleApiBase: string;
  /** Outbound Bible service calls give up after this long. */
  bibleApiTimeoutMs: number;
  /** How long the server keeps a Bible service answer. */
  bibleCacheMs: number;
  /** How long an anonymous public read is answered from memory without a write clearing it (0: not kept). */
  publicCacheMs: number;
  /** Import the Bible that ships with the product (BSB) on first start. */
  bundledBible: boolean;
  mapTileUrl: string;
  uploadDir: string;
  webDistDir: string;
  /** A Prometheus scraper may send this as its bearer token instead of an administrator signing in. */
  metricsToken?: string;
  /** Nightly backups go here when set; the newest backupKeep files are kept. */
  backupDir?: string;
  backupKeep: number;
  /** SIGTERM: longest wait for requests and jobs in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** PayFast from the environment (merchant id and key set there); null: an administrator may enter one in settings. */
  payfast: PayfastConfig | null;
  payfastNetwork: PayfastNetwork;
  /** Issue 33: the label-printer stand-in's port (never in production). */
  labelPrinterStandinPort?: number;
  /** Development and e2e only: the messaging providers' local stand-in listens here (modules/channels/standin). */
  channelsStandinPort?: number;
  pushContact: string;
}

/** PayFast's addresses, from the environment (the stand-in's in development and tests). */
export interface PayfastNetwork {
  baseUrl?: string;
  apiUrl?: string;
  notifyIps: string[];
  standinPort?: number;
}

export interface PayfastConfig {
  merchantId: string;
  merchantKey: string;
  passphrase?: string;
  sandbox: boolean;
  /** Hosted checkout and the /eng/query/validate confirmation call. */
  baseUrl: string;
  /** The subscriptions API. */
  apiUrl: string;
  /** Addresses notifications may come from (PayFast's published ranges). */
  notifyIps: string[];
  /** Development and e2e only: run the local PayFast stand-in on this port. */
  standinPort?: number;
}

/** PayFast's notification source ranges as its documentation lists them. */
const PAYFAST_IPS = ['197.97.145.144/28', '41.74.179.192/27', '102.216.36.0/28', '102.216.36.128/28', '144.126.193.139'];

export class ConfigError extends Error {}

/** proxy-addr's trust function for a hop count: the socket's peer and the next hops-1 X-Forwarded-For entries are proxies. */
export const trustHops =
  (hops: number) =>
  (_address: string, index: number): boolean =>
    index < hops;

/** proxy-addr's names for whole ranges, beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;

/**
 * TRUST_PROXY: unset or false (no proxy), a number of hops (1 for one nginx or Caddy in front), or a
 * comma-separated list of the proxies' addresses or CIDR ranges. `true` is refused: it would believe the
 * left-most X-Forwarded-For address, which any client can write (and so pass the PayFast source check).
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] | { error: string } {
  const v = (value ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) {
    return {
      error:
        'true would trust every X-Forwarded-For address, which a client can forge; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)',
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : { error: 'must be a number of proxy hops from 1 to 10, or proxy addresses' };
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => {
    if (PROXY_RANGE_NAMES.includes(entry)) return false;
    const [addr, bits, extra] = entry.split('/');
    if (extra !== undefined || !addr) return true;
    const v4 = IPV4.test(addr);
    if (!v4 && !(IPV6.test(addr) && addr.includes(':'))) return true;
    return bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128));
  });
  if (bad.length) return { error: `not an address or CIDR range: ${bad.join(', ')} (use e.g. 1, or 127.0.0.1, 10.0.0.0/8, loopback)` };
  // Issue 29, finding 8: a range wider than the widest private block (10.0.0.0/8, fc00::/7) trusts addresses
  // on the internet, and a few of them together trust everyone (0.0.0.0/1 and 128.0.0.0/1) — as `true` does.
  // (A /0 also crashed Fastify's start with a stack trace.) Within the 500-character limit, /8 and /7 ranges
  // cannot cover every address.
  const wide = list.filter((entry) => {
    const [addr, bits] = entry.split('/');
    return bits !== undefined && Number(bits) < (IPV4.test(addr!) ? 8 : 7);
  });
  if (wide.length)
    return {
      error: `${wide.join(', ')} would trust addresses anyone on the internet may hold, so any client could forge X-Forwarded-For; name your proxies' addresses, or ranges no wider than /8 (IPv4) or /7 (IPv6)`,
    };
  return list;
}

/**
 * Where PayFast is reached, whoever's merchant account is used: the environment's
 * (PAYFAST_MERCHANT_ID/_KEY) or the one an administrator entered in settings.
 * `sandbox` picks the sandbox host unless a base URL is set (the stand-in, a test).
 */
export function payfastEndpoints(network: PayfastNetwork, sandbox: boolean) {
  return {
    baseUrl: network.baseUrl ?? (sandbox ? 'https://sandbox.payfast.co.za' : 'https://www.payfast.co.za'),
    apiUrl: network.apiUrl ?? 'https://api.payfast.co.za',
    notifyIps: network.notifyIps,
  };
}

function labelPrinterStandin(e: z.output<typeof envSchema>): number | undefined {
  if (e.LABEL_PRINTER_STANDIN_PORT && e.NODE_ENV === 'production')
    throw new ConfigError('Invalid configuration:\n  LABEL_PRINTER_STANDIN_PORT: the label-printer stand-in is for development and tests only');
  return e.LABEL_PRINTER_STANDIN_PORT;
}

function payfastNetwork(e: z.output<typeof envSchema>): PayfastNetwork {
  const standin = e.PAYFAST_STANDIN_PORT;
  if (standin && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  PAYFAST_STANDIN_PORT: the local PayFast stand-in is for development and tests only');
  }
  const local = standin ? `http://127.0.0.1:${standin}` : undefined;
  return {
    baseUrl: (e.PAYFAST_BASE_URL ?? local)?.replace(/\/$/, ''),
    apiUrl: (e.PAYFAST_API_URL ?? local)?.replace(/\/$/, ''),
    notifyIps: e.PAYFAST_NOTIFY_IPS
      ? e.PAYFAST_NOTIFY_IPS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : standin
        ? ['127.0.0.1']
        : PAYFAST_IPS,
    standinPort: standin,
  };
}

function payfastConfig(e: z.output<typeof envSchema>, network: PayfastNetwork): PayfastConfig | null {
  if (!e.PAYFAST_MERCHANT_ID || !e.PAYFAST_MERCHANT_KEY) return null;
  return {
    merchantId: e.PAYFAST_MERCHANT_ID,
    merchantKey: e.PAYFAST_MERCHANT_KEY,
    passphrase: e.PAYFAST_PASSPHRASE || undefined,
    sandbox: e.PAYFAST_SANDBOX,
    ...payfastEndpoints(network, e.PAYFAST_SANDBOX),
    standinPort: network.standinPort,
  };
}

/** Reads the environment once; every bad value is named with what it should look like. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // Demo data: on by default for the embedded database, off for a real PostgreSQL unless asked.
  const demoData = e.DEMO_DATA === undefined ? !e.DATABASE_URL : ['true', '1', 'yes'].includes(e.DEMO_DATA);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demoData,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS.split(',')
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy,
    bodyLimit: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    login: {
      maxPerIp: e.LOGIN_MAX_PER_IP,
      maxPerAccount: e.LOGIN_MAX_PER_ACCOUNT,
      accountCeiling: e.LOGIN_ACCOUNT_CEILING,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      signupsPerIpPerHour: e.SIGNUP_MAX_PER_IP,
    },
    bibleApiBase: e.BIBLE_API_BASE.replace(/\/$/, ''),
    bibleApiTimeoutMs: e.BIBLE_API_TIMEOUT_MS,
    bibleCacheMs: e.BIBLE_CACHE_MINUTES * 60_000,
    publicCacheMs: e.PUBLIC_CACHE_SECONDS * 1000,
    bundledBible: e.BIBLE_BUNDLED,
    mapTileUrl: e.MAP_TILE_URL,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    metricsToken: e.METRICS_TOKEN,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    payfast: payfastConfig(e, payfastNetwork(e)),
    payfastNetwork: payfastNetwork(e),
    labelPrinterStandinPort: labelPrinterStandin(e),
    channelsStandinPort: channelsStandinPort(e),
    pushContact: e.PUSH_CONTACT ?? `mailto:${bareAddress(e.MAIL_FROM ?? 'church@localhost')}`,
  };
}

/** 'Church <office@church.org>' → 'office@church.org' (indexOf, not a pattern: linear on any input). */
function bareAddress(from: string): string {
  const open = from.lastIndexOf('<');
  return open !== -1 && from.endsWith('>') ? from.slice(open + 1, -1) : from;
}

function channelsStandinPort(e: z.output<typeof envSchema>) {
  if (e.CHANNELS_STANDIN_PORT && e.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration:\n  CHANNELS_STANDIN_PORT: the local messaging stand-in is for development and tests only',
    );
  return e.CHANNELS_STANDIN_PORT;
}
