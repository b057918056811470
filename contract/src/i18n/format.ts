/**
 * One way to show a figure (issue 36): money in rand, numbers, dates, times
 * and weekdays, in the reader's language and the church's time zone, through
 * Intl. Web (lib/i18n/use-format.ts) and server (e-mails, PDFs, exports) both
 * make theirs here, so the same figure reads the same on every screen.
 *
 * Readings:
 * - English (South Africa) keeps the spec's money text 'R 1,234.56' (rules/money.ts): CLDR's en-ZA
 *   says 'R 1 234,56', but the spec's texts are the en-ZA catalogue and South African English
 *   invoices and bank statements write 'R 1,234.56'. Afrikaans, isiZulu and isiXhosa take CLDR's
 *   conventions for their language ('R 1 234,56' in Afrikaans).
 * - Times are 24-hour in every language.
 * - A date without a time ('2026-12-05': an all-day event, a birthday) is a local date: shown as
 *   written, never moved by a time zone.
 * - Phones are shown by rules/phone.ts's formatPhone (national form): its metadata is large, so it
 *   is imported by the screens that show phones, not by every screen that shows a date.
 */
import { formatRand, groupThousands } from '../rules/money';
import type { AnyLocale } from './locales';

export interface FormatContext {
  locale: AnyLocale;
  timeZone: string;
}

export type DateStyle = 'short' | 'medium' | 'long' | 'full';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  // 05/12/2026 in en-ZA's order (day first), with the year in full.
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  // 5 Dec 2026
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  // 5 December 2026
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  // Saturday, 5 December 2026
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};

/** The pseudo-locale formats as English. */
const intlLocale = (locale: AnyLocale) => (locale === 'en-XA' ? 'en-ZA' : locale);

const DAY = 86_400_000;
const RELATIVE_UNITS: [number, Intl.RelativeTimeFormatUnit][] = [
  [365 * DAY, 'year'],
  [30 * DAY, 'month'],
  [7 * DAY, 'week'],
  [DAY, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant, or a local date ('2026-12-05') read as that day at noon UTC with the zone set to UTC. */
function instant(value: Date | string | number, timeZone: string): { date: Date; timeZone: string } {
  if (typeof value === 'string') {
    const m = LOCAL_DATE.exec(value);
    if (m) return { date: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)), timeZone: 'UTC' };
  }
  return { date: value instanceof Date ? value : new Date(value), timeZone };
}

export function createFormat(context: FormatContext): Format {
  const fmt = baseFormat(context);
  if (context.locale !== 'en-XA') return fmt;
  // The pseudo-locale marks every figure ⟪…⟫, so a walk over a screen tells formatted figures from hard-coded text.
  const mark =
    (f: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const out = f(...args);
      return typeof out === 'string' ? `⟪${out}⟫` : out;
    };
  const marked = { ...fmt } as Record<string, unknown>;
  for (const [k, v] of Object.entries(fmt)) if (typeof v === 'function') marked[k] = mark(v as (...a: unknown[]) => unknown);
  return marked as Format;
}

function baseFormat({ locale, timeZone }: FormatContext) {
  const tag = intlLocale(locale);
  const english = tag === 'en-ZA';
  const cache = new Map<string, Intl.DateTimeFormat>();
  const dtf = (options: Intl.DateTimeFormatOptions, zone: string) => {
    const key = `${zone}|${JSON.stringify(options)}`;
    let f = cache.get(key);
    if (!f) cache.set(key, (f = new Intl.DateTimeFormat(tag, { ...options, timeZone: zone })));
    return f;
  };
  const money = english ? undefined : new Intl.NumberFormat(tag, { style: 'currency', currency: 'ZAR', currencyDisplay: 'narrowSymbol' });
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'always' });
  // Relative-time data for isiZulu and isiXhosa is missing or partial in browsers (Chromium's has no
  // isiZulu; Node's isiXhosa says '-4 d'): those languages show the date instead of English.
  const relativeSpoken = tag === 'en-ZA' || tag === 'af-ZA';

  const fmt = {
    locale,
    timeZone,
    /** Rand (the API speaks rand with two decimals): 'R 1,234.56' in English. */
    money(rand: number | null | undefined): string {
      if (english || !money) return formatRand(rand);
      return money.format(Number.isFinite(rand) ? (rand as number) : 0);
    },
    /** Integer cents of ZAR, as the database keeps them. */
    moneyCents(cents: number | null | undefined): string {
      return fmt.money(Number.isFinite(cents) ? Math.round(cents as number) / 100 : 0);
    },
    /** A count: '1,234' in English (the spec's grouping), the language's grouping otherwise. */
    count(n: number): string {
      if (english) return (n < 0 ? '-' : '') + groupThousands(Math.abs(Math.trunc(n)).toString());
      return integer.format(Math.trunc(n));
    },
    number(n: number, options?: Intl.NumberFormatOptions): string {
      return new Intl.NumberFormat(tag, options).format(n);
    },
    /** A day: an instant in the church's zone, or a local date as it is. */
    date(value: Date | string | number, style: DateStyle = 'medium'): string {
      const v = instant(value, timeZone);
      return dtf(DATE_OPTIONS[style], v.timeZone).format(v.date);
    },
    /** 'Sat, 5 Dec 2026'. */
    dayDate(value: Date | string | number): string {
      const v = instant(value, timeZone);
      return dtf({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, v.timeZone).format(v.date);
    },
    /** The time of an instant in the church's zone, 24-hour: '18:30'. */
    time(value: Date | string | number): string {
      return dtf({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone).format(instant(value, timeZone).date);
    },
    /** A wall-clock time as written in the church's settings ('18:00', '9:30'), 24-hour: '18:00', '09:30'. */
    clock(hhmm: string): string {
      const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
      return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : hhmm;
    },
    /** Day and time of an instant: '5 Dec 2026, 18:30'. */
    dateTime(value: Date | string | number): string {
      return dtf(
        { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
        timeZone,
      ).format(instant(value, timeZone).date);
    },
    /** Parts of a day for a calendar tile: { day: '5', month: 'DEC' }. */
    dayAndMonth(value: Date | string | number): { day: string; month: string } {
      const v = instant(value, timeZone);
      const parts = dtf({ day: 'numeric', month: 'short' }, v.timeZone).formatToParts(v.date);
      return {
        day: parts.find((p) => p.type === 'day')?.value ?? '',
        month: (parts.find((p) => p.type === 'month')?.value ?? '').replace('.', '').toLocaleUpperCase(tag),
      };
    },
    /** The weekday's name: 'Sunday' / 'Sondag' / 'ISonto'. `day` is 0 (Sunday) to 6. */
    weekday(day: number, width: 'long' | 'short' = 'long'): string {
      // 2026-01-04 was a Sunday.
      return dtf({ weekday: width }, 'UTC').format(new Date(Date.UTC(2026, 0, 4 + day, 12)));
    },
    /** '5 minutes ago', 'in 3 hours', '2 days ago' in the language; null under a minute (say 'just now'). */
    relative(value: Date | string | number, now: Date = new Date()): string | null {
      const diff = new Date(value).getTime() - now.getTime();
      if (Number.isNaN(diff)) return '';
      if (!relativeSpoken) return Math.abs(diff) < 60_000 ? null : fmt.date(value, 'medium');
      for (const [ms, unit] of RELATIVE_UNITS) {
        if (Math.abs(diff) >= ms) return relative.format(Math.trunc(diff / ms), unit);
      }
      return null;
    },
    /** 'December 2026'. */
    monthYear(value: Date | string | number): string {
      const v = instant(value, timeZone);
      return dtf({ month: 'long', year: 'numeric' }, v.timeZone).format(v.date);
    },
  };
  return fmt;
}

export type Format = ReturnType<typeof baseFormat>;
