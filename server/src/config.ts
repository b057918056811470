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
  TRUST_PROXY: bool(false),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Church <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_PER_IP: positiveInt(50),
  LOGIN_MAX_PER_ACCOUNT: positiveInt(10),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  /** Anonymous sign-ups per address per hour (the other public forms are limited the same way). */
  SIGNUP_MAX_PER_IP: positiveInt(10),
  BIBLE_API_BASE: z.url({ error: 'must be a full URL' }).default('https://bible.helloao.org/api'),
  BIBLE_API_TIMEOUT_MS: positiveInt(8000),
  BIBLE_CACHE_MINUTES: positiveInt(360),
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
  trustProxy: boolean;
  bodyLimit: number;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  login: { maxPerIp: number; maxPerAccount: number; windowMs: number; signupsPerIpPerHour: number };
  bibleApiBase: string;
  /** Outbound Bible service calls give up after this long. */
  bibleApiTimeoutMs: number;
  /** How long the server keeps a Bible service answer. */
  bibleCacheMs: number;
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
  payfast: PayfastConfig | null;
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

function payfastConfig(e: z.output<typeof envSchema>): PayfastConfig | null {
  if (!e.PAYFAST_MERCHANT_ID || !e.PAYFAST_MERCHANT_KEY) return null;
  const standin = e.PAYFAST_STANDIN_PORT;
  if (standin && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  PAYFAST_STANDIN_PORT: the local PayFast stand-in is for development and tests only');
  }
  const local = standin ? `http://127.0.0.1:${standin}` : undefined;
  const base = e.PAYFAST_BASE_URL ?? local ?? (e.PAYFAST_SANDBOX ? 'https://sandbox.payfast.co.za' : 'https://www.payfast.co.za');
  return {
    merchantId: e.PAYFAST_MERCHANT_ID,
    merchantKey: e.PAYFAST_MERCHANT_KEY,
    passphrase: e.PAYFAST_PASSPHRASE || undefined,
    sandbox: e.PAYFAST_SANDBOX,
    baseUrl: base.replace(/\/$/, ''),
    apiUrl: (e.PAYFAST_API_URL ?? local ?? 'https://api.payfast.co.za').replace(/\/$/, ''),
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

/** Reads the environment once; every bad value is named with what it should look like. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    login: {
      maxPerIp: e.LOGIN_MAX_PER_IP,
      maxPerAccount: e.LOGIN_MAX_PER_ACCOUNT,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      signupsPerIpPerHour: e.SIGNUP_MAX_PER_IP,
    },
    bibleApiBase: e.BIBLE_API_BASE.replace(/\/$/, ''),
    bibleApiTimeoutMs: e.BIBLE_API_TIMEOUT_MS,
    bibleCacheMs: e.BIBLE_CACHE_MINUTES * 60_000,
    bundledBible: e.BIBLE_BUNDLED,
    mapTileUrl: e.MAP_TILE_URL,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    metricsToken: e.METRICS_TOKEN,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    backupKeep: e.BACKUP_KEEP,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    payfast: payfastConfig(e),
  };
}
