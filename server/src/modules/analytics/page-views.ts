import crypto from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { PAGE_PATH_MAX } from '@church/contract/analytics';
import type { Db } from '../../db/client';
import { analyticsSalts, pageViews } from '../../db/schema/index';

/**
 * Our own page-view counting, in the manner of privacy-first analytics: no
 * cookie, no third party, no IP address or user id stored. A visitor is
 * sha256(today's random salt, IP, user agent): it tells today's visits apart,
 * and because the salt is deleted when the day is over, nobody (us included)
 * can link it to a person or to another day afterwards.
 */

/** User agents of crawlers, link previewers, monitors and automated browsers: not people. */
const BOT_MARKERS = [
  'bot',
  'crawl',
  'spider',
  'slurp',
  'headless',
  'lighthouse',
  'pagespeed',
  'curl/',
  'wget',
  'python-',
  'go-http-client',
  'java/',
  'okhttp',
  'axios',
  'node-fetch',
  'undici',
  'facebookexternalhit',
  'whatsapp',
  'preview',
  'monitor',
  'phantomjs',
  'selenium',
];
export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 10) return true;
  const ua = userAgent.toLowerCase();
  return BOT_MARKERS.some((m) => ua.includes(m));
}

const SEARCH = ['google.', 'bing.', 'duckduckgo.', 'yahoo.', 'baidu.', 'yandex.', 'ecosia.', 'search.brave.'];
const SOCIAL = [
  'facebook.',
  'fb.',
  'instagram.',
  'twitter.',
  't.co',
  'x.com',
  'linkedin.',
  'lnkd.in',
  'youtube.',
  'tiktok.',
  'pinterest.',
  'reddit.',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a visit came from: direct, search, social, or the referring site's host (never the full address). */
export function classifySource(referrer: string, ownHost: string | undefined, landing: boolean): string {
  if (!landing) return 'internal';
  if (!referrer) return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host || (ownHost && host === ownHost.toLowerCase().split(':')[0])) return 'direct';
  const bare = host.replace(/^www\./, '');
  if (SEARCH.some((s) => bare.startsWith(s) || bare.includes(`.${s}`))) return 'search';
  if (SOCIAL.some((s) => bare === s || bare.startsWith(s) || bare.includes(`.${s}`))) return 'social';
  return bare.slice(0, 100);
}

/**
 * The page, without anything personal: no query or fragment, ids and tokens
 * replaced by placeholders (/members/:id, /unsubscribe/:token).
 */
export function normalisePath(raw: string): string | null {
  const cut = raw.split(/[?#]/, 1)[0] ?? '';
  if (!cut.startsWith('/') || cut.startsWith('//') || cut.startsWith('/api/')) return null;
  const parts = cut.split('/').map((seg, i, all) => {
    if (UUID.test(seg)) return ':id';
    if (all[i - 1] === 'unsubscribe' && seg) return ':token';
    if (seg.length > 40) return ':token';
    return seg;
  });
  const path = parts.join('/').slice(0, PAGE_PATH_MAX);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function createPageViewRecorder(db: Db) {
  let cached: { day: string; salt: string } | undefined;

  /** Today's salt (UTC day), made once per day across instances; older salts are deleted. */
  async function saltFor(day: string): Promise<string> {
    if (cached?.day === day) return cached.salt;
    await db
      .insert(analyticsSalts)
      .values({ day, salt: crypto.randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    const [row] = await db
      .select()
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} = ${day}::date`);
    cached = { day, salt: row!.salt };
    return row!.salt;
  }

  const today = () => new Date().toISOString().slice(0, 10);
  const hashOf = (salt: string, ...parts: string[]) =>
    crypto
      .createHash('sha256')
      .update([salt, ...parts].join('\n'))
      .digest('base64url')
      .slice(0, 22);

  return {
    /**
     * What the page-view rate limit is keyed by: the address hashed with today's salt, so
     * the limit holds per address without the address (or anything that leads back to it
     * once the day's salt is gone) reaching the rate-limit table.
     */
    async limitKey(ip: string) {
      return `pageview:${hashOf(await saltFor(today()), 'rate-limit', ip)}`;
    },

    /** Records one view; false when it was not counted (a bot, or a path we do not count). */
    async record(input: {
      path: string;
      referrer: string;
      landing: boolean;
      ip: string;
      userAgent: string | undefined;
      host: string | undefined;
    }) {
      if (isBot(input.userAgent)) return false;
      const path = normalisePath(input.path);
      if (!path) return false;
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      const visitor = hashOf(await saltFor(day), input.ip, input.userAgent ?? '');
      await db
        .insert(pageViews)
        .values({ path, source: classifySource(input.referrer, input.host, input.landing), visitor, day, createdAt: now });
      return true;
    },
  };
}
