import { and, asc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD_LABELS } from '@church/contract/giving';
import { formatRand } from '@church/contract/rules/money';
import type { Breakdown, ExportType } from '@church/contract/exports';
import type { Db } from '../../db/client';
import { donations, eventAttendance, eventRegistrations, events, prayers, users } from '../../db/schema/index';
import { congregation } from '../members/repository';
import { consentGranted } from '../consents/service';
import type { Period } from './period';

export type Cell = string | number | null;
/** money: rand as a number (formatted 'R 1,234.56' in PDF, two decimals in CSV, a currency cell in Excel). */
export type ColumnKind = 'text' | 'money' | 'date' | 'int';
export interface Column {
  header: string;
  /** The key of this column in the JSON export. */
  key: string;
  kind: ColumnKind;
  /** Relative width in the PDF table. */
  width: number;
}
export interface BreakdownRow {
  label: string;
  count: number;
  /** Rand; finance reports only. */
  amount?: number;
}

/** What every report provides to the writers: columns, its rows page by page, a grouped summary and headline totals. */
export interface ReportSource {
  columns: Column[];
  count(): Promise<number>;
  /** Detail rows in keyset-paged batches: memory stays flat however many rows there are. */
  pages(): AsyncIterable<Cell[][]>;
  /** null for the office lists, which have no summary. */
  breakdown: ((by: Breakdown) => Promise<BreakdownRow[]>) | null;
  totals(): Promise<[string, string][]>;
  /** Whether the breakdown carries amounts. */
  money: boolean;
}

/**
 * Rows per query: small enough that a page of rows dies young. The server runs with a 2 MB young
 * generation (package.json, for uploads), which V8 collects every couple of megabytes allocated, and
 * whatever is alive then is moved to the old generation, where it stays until a full collection:
 * reading a 1,000-row page allocates a few megabytes, so pages were promoted whole and 100,000 rows
 * left ~65 MB of garbage there. At 100 rows a page is mostly read and written between two
 * collections (measured with --trace-gc-nvp: ~6 MB promoted), for ~1 s more queries per 100,000 rows.
 */
export const PAGE_SIZE = 100;

const col = (header: string, key: string, kind: ColumnKind = 'text', width = 1): Column => ({ header, key, kind, width });
const rand = (cents: number | string | null) => Number(cents ?? 0) / 100;
const formatRandText = (cents: number) => formatRand(cents / 100);
const dateOf = (d: Date | string | null, timeZone: string) =>
  d == null ? null : typeof d === 'string' ? d : new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);
const dateTimeOf = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(d).replace(',', '');
const monthOf = (c: AnyPgColumn, timeZone: string) => sql<string>`to_char(${c} at time zone ${timeZone}, 'YYYY-MM')`;

/** Where the previous page ended: the sort key (as text or an ISO instant) and the row id. */
interface Cursor {
  key: string;
  id: string;
}
const cursor = (key: Date | string, id: string): Cursor => ({ key: key instanceof Date ? key.toISOString() : key, id });
/** "After the cursor" for an ordering by (sortColumn, idColumn). */
const afterSql = (sort: AnyPgColumn, id: AnyPgColumn, c: Cursor | null, cast: 'timestamptz' | 'text') =>
  c ? sql`(${sort}, ${id}) > (${c.key}::${sql.raw(cast)}, ${c.id}::uuid)` : undefined;

/**
 * Keyset pagination over any ordered query: `fetch(after)` returns the next
 * page after the cursor of the previous page's last row (null for the first).
 */
async function* keyset<R>(
  fetch: (after: Cursor | null) => Promise<R[]>,
  cursorOf: (r: R) => Cursor,
  cells: (r: R) => Cell[],
): AsyncIterable<Cell[][]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows: R[] = await fetch(after);
    if (!rows.length) return;
    yield rows.map(cells);
    if (rows.length < PAGE_SIZE) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

/** The selection of a grouped summary: one label, how many, and (money reports) how much. */
const groupCols = (label: SQL<string>, amount?: SQL<number>) => ({
  label: sql<string>`coalesce((${label})::text, '—')`,
  count: sql<number>`count(*)::int`,
  amount: amount ?? sql<number>`0`,
});
const toBreakdown = (rows: { label: string; count: number; amount: number }[], money: boolean): BreakdownRow[] =>
  rows.map((r) => ({ label: String(r.label), count: Number(r.count), ...(money ? { amount: rand(r.amount) } : {}) }));
const byLabel = [sql`1`] as const;

interface SourceContext {
  db: Db;
  period: Period;
  timeZone: string;
}

/** Money reports: gifts given in the period. Financial counts money received (completed); Giving lists every gift with its donor. */
function donationsSource({ db, period, timeZone }: SourceContext, financial: boolean): ReportSource {
  const completed = eq(donations.status, 'completed');
  const inPeriod = and(gte(donations.givenAt, period.from), lt(donations.givenAt, period.to), financial ? completed : undefined);
  const method = (m: string) => PAYMENT_METHOD_LABELS[m as 'card'] ?? m;
  const columns = financial
    ? [
        col('Date', 'date', 'date'),
        col('Fund', 'fund', 'text', 1.2),
        col('Method', 'method'),
        col('Reference', 'reference', 'text', 1.2),
        col('Amount (R)', 'amount', 'money'),
      ]
    : [
        col('Date', 'date', 'date'),
        col('Donor', 'donor', 'text', 1.6),
        col('Fund', 'fund', 'text', 1.2),
        col('Amount (R)', 'amount', 'money'),
        col('Method', 'method'),
        col('Status', 'status', 'text', 0.8),
        col('Reference', 'reference', 'text', 1.2),
      ];
  const labels: Partial<Record<Breakdown, SQL<string>>> = {
    month: monthOf(donations.givenAt, timeZone),
    fund: sql<string>`${donations.fund}`,
    method: sql<string>`${donations.paymentMethod}`,
    donor: sql<string>`coalesce(${donations.donorName}, 'Anonymous')`,
  };
  return {
    columns,
    money: true,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(donations)
          .where(inPeriod)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          db
            .select()
            .from(donations)
            .where(and(inPeriod, afterSql(donations.givenAt, donations.id, after, 'timestamptz')))
            .orderBy(asc(donations.givenAt), asc(donations.id))
            .limit(PAGE_SIZE),
        (d) => cursor(d.givenAt, d.id),
        (d) =>
          financial
            ? [dateOf(d.givenAt, timeZone), d.fund, method(d.paymentMethod), d.reference ?? d.externalRef ?? '', rand(d.amountCents)]
            : [
                dateOf(d.givenAt, timeZone),
                d.donorName ?? 'Anonymous',
                d.fund,
                rand(d.amountCents),
                method(d.paymentMethod),
                d.status || 'completed',
                d.reference ?? d.externalRef ?? '',
              ],
      ),
    breakdown: async (by) => {
      const amount = sql<number>`coalesce(sum(${donations.amountCents}) filter (where ${completed}), 0)::bigint`;
      const rows = toBreakdown(
        await db
          .select(groupCols(labels[by]!, amount))
          .from(donations)
          .where(inPeriod)
          .groupBy(...byLabel)
          .orderBy(...byLabel),
        true,
      );
      return by === 'method' ? rows.map((r) => ({ ...r, label: method(r.label) })) : rows;
    },
    totals: async () => {
      const [t] = await db
        .select({
          gifts: sql<number>`count(*) filter (where ${completed})::int`,
          total: sql<number>`coalesce(sum(${donations.amountCents}) filter (where ${completed}), 0)::bigint`,
          donors: sql<number>`count(distinct coalesce(${donations.userId}::text, ${donations.donorName})) filter (where ${completed})::int`,
          other: sql<number>`count(*) filter (where not ${completed})::int`,
        })
        .from(donations)
        .where(inPeriod);
      const total = Number(t!.total);
      const lines: [string, string][] = [
        ['Total received', formatRandText(total)],
        ['Completed gifts', String(t!.gifts)],
        ['Average gift', formatRandText(t!.gifts ? Math.round(total / t!.gifts) : 0)],
        ['Donors', String(t!.donors)],
      ];
      if (!financial) lines.push(['Pending, failed or refunded', String(t!.other)]);
      return lines;
    },
  };
}

/** The membership roll as it stood at the end of the period (joined on or before its last day). No pastoral notes, ever. */
function membersSource({ db, period }: SourceContext): ReportSource {
  const where = and(congregation, lte(users.joinDate, period.endDay));
  const labels: Partial<Record<Breakdown, SQL<string>>> = {
    status: sql<string>`${users.status}`,
    role: sql<string>`${users.role}`,
    join_month: sql<string>`to_char(${users.joinDate}, 'YYYY-MM')`,
    gender: sql<string>`${users.gender}`,
  };
  return {
    columns: [
      col('Name', 'name', 'text', 1.5),
      col('Email', 'email', 'text', 1.8),
      col('Phone', 'phone', 'text', 1.1),
      col('Address', 'address', 'text', 1.8),
      col('Role', 'role', 'text', 0.8),
      col('Status', 'status', 'text', 0.8),
      col('Joined', 'joinDate', 'date', 0.9),
    ],
    money: false,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          db
            .select({
              id: users.id,
              name: users.name,
              email: users.email,
              phone: users.phone,
              address: users.address,
              role: users.role,
              status: users.status,
              joinDate: users.joinDate,
            })
            .from(users)
            .where(and(where, afterSql(users.name, users.id, after, 'text')))
            .orderBy(asc(users.name), asc(users.id))
            .limit(PAGE_SIZE),
        (u) => cursor(u.name, u.id),
        (u) => [u.name, u.email, u.phone ?? '', u.address ?? '', u.role, u.status, u.joinDate],
      ),
    breakdown: async (by) =>
      toBreakdown(
        await db
          .select(groupCols(labels[by]!))
          .from(users)
          .where(where)
          .groupBy(...byLabel)
          .orderBy(...byLabel),
        false,
      ),
    totals: async () => {
      const [t] = await db
        .select({
          all: sql<number>`count(*)::int`,
          joined: sql<number>`count(*) filter (where ${users.joinDate} >= ${period.startDay})::int`,
          active: sql<number>`count(*) filter (where ${users.status} = 'active')::int`,
        })
        .from(users)
        .where(where);
      return [
        ['Members', String(t!.all)],
        ['Joined in this period', String(t!.joined)],
        ['Active', String(t!.active)],
      ];
    },
  };
}

/** Check-ins at events held in the period. */
function attendanceSource({ db, period, timeZone }: SourceContext): ReportSource {
  const where = and(gte(events.startsAt, period.from), lt(events.startsAt, period.to));
  const labels: Partial<Record<Breakdown, SQL<string>>> = {
    event: sql<string>`${events.title} || ' (' || to_char(${events.startsAt} at time zone ${timeZone}, 'YYYY-MM-DD') || ')'`,
    month: monthOf(events.startsAt, timeZone),
    member: sql<string>`${users.name}`,
  };
  const base = () =>
    db
      .select({
        id: eventAttendance.id,
        startsAt: events.startsAt,
        title: events.title,
        name: users.name,
        checkedInAt: eventAttendance.checkedInAt,
      })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.eventId))
      .innerJoin(users, eq(users.id, eventAttendance.userId));
  return {
    columns: [
      col('Event', 'event', 'text', 2),
      col('Event date', 'eventDate', 'date'),
      col('Member', 'member', 'text', 1.6),
      col('Checked in', 'checkedInAt', 'text', 1.2),
    ],
    money: false,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(eventAttendance)
          .innerJoin(events, eq(events.id, eventAttendance.eventId))
          .where(where)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          base()
            .where(and(where, afterSql(events.startsAt, eventAttendance.id, after, 'timestamptz')))
            .orderBy(asc(events.startsAt), asc(eventAttendance.id))
            .limit(PAGE_SIZE),
        (r) => cursor(r.startsAt, r.id),
        (r) => [r.title, dateOf(r.startsAt, timeZone), r.name, dateTimeOf(r.checkedInAt, timeZone)],
      ),
    breakdown: async (by) =>
      toBreakdown(
        await db
          .select(groupCols(labels[by]!))
          .from(eventAttendance)
          .innerJoin(events, eq(events.id, eventAttendance.eventId))
          .innerJoin(users, eq(users.id, eventAttendance.userId))
          .where(where)
          .groupBy(...byLabel)
          .orderBy(...byLabel),
        false,
      ),
    totals: async () => {
      const [t] = await db
        .select({
          checkIns: sql<number>`count(${eventAttendance.id})::int`,
          events: sql<number>`count(distinct ${events.id})::int`,
          people: sql<number>`count(distinct ${eventAttendance.userId})::int`,
        })
        .from(events)
        .leftJoin(eventAttendance, eq(eventAttendance.eventId, events.id))
        .where(where);
      return [
        ['Check-ins', String(t!.checkIns)],
        ['Events', String(t!.events)],
        ['Different people', String(t!.people)],
      ];
    },
  };
}

/** Prayer requests received in the period (status pending also when empty, spec 001 §4). */
function prayerSource({ db, period, timeZone }: SourceContext): ReportSource {
  const where = and(gte(prayers.createdAt, period.from), lt(prayers.createdAt, period.to));
  const status = sql<string>`coalesce(nullif(${prayers.status}, ''), 'pending')`;
  const labels: Partial<Record<Breakdown, SQL<string>>> = {
    status,
    priority: sql<string>`${prayers.priority}`,
    month: monthOf(prayers.createdAt, timeZone),
  };
  return {
    columns: [
      col('Date', 'date', 'date', 0.8),
      col('Title', 'title', 'text', 1.6),
      col('Request', 'description', 'text', 3),
      col('Submitted by', 'submittedBy', 'text', 1.2),
      col('Status', 'status', 'text', 0.8),
      col('Priority', 'priority', 'text', 0.7),
      col('Public', 'public', 'text', 0.5),
    ],
    money: false,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(prayers)
          .where(where)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          db
            .select()
            .from(prayers)
            .where(and(where, afterSql(prayers.createdAt, prayers.id, after, 'timestamptz')))
            .orderBy(asc(prayers.createdAt), asc(prayers.id))
            .limit(PAGE_SIZE),
        (p) => cursor(p.createdAt, p.id),
        (p) => [
          dateOf(p.createdAt, timeZone),
          p.title,
          p.description,
          p.submittedBy || 'Anonymous',
          p.status || 'pending',
          p.priority,
          p.isPublic ? 'Yes' : 'No',
        ],
      ),
    breakdown: async (by) =>
      toBreakdown(
        await db
          .select(groupCols(labels[by]!))
          .from(prayers)
          .where(where)
          .groupBy(...byLabel)
          .orderBy(...byLabel),
        false,
      ),
    totals: async () => {
      const [t] = await db
        .select({
          all: sql<number>`count(*)::int`,
          answered: sql<number>`count(*) filter (where ${prayers.status} = 'answered')::int`,
          pending: sql<number>`count(*) filter (where ${status} = 'pending')::int`,
        })
        .from(prayers)
        .where(where);
      // Spec 001 §9: response rate = answered / total, percent with one decimal.
      const rate = t!.all ? ((t!.answered / t!.all) * 100).toFixed(1) : '0.0';
      return [
        ['Prayer requests', String(t!.all)],
        ['Answered', String(t!.answered)],
        ['Pending', String(t!.pending)],
        ['Response rate', `${rate}%`],
      ];
    },
  };
}

/** Events held (or to be held) in the period, with registrations and check-ins. */
function eventsSource({ db, period, timeZone }: SourceContext): ReportSource {
  const where = and(gte(events.startsAt, period.from), lt(events.startsAt, period.to));
  const registered = sql<number>`(select count(*)::int from ${eventRegistrations} r where r.event_id = ${events.id} and r.status = 'registered')`;
  const checkedIn = sql<number>`(select count(*)::int from ${eventAttendance} a where a.event_id = ${events.id})`;
  const labels: Partial<Record<Breakdown, SQL<string>>> = { type: sql<string>`${events.type}`, month: monthOf(events.startsAt, timeZone) };
  return {
    columns: [
      col('Date', 'date', 'date', 0.8),
      col('Time', 'time', 'text', 0.5),
      col('Title', 'title', 'text', 2),
      col('Type', 'type', 'text', 0.8),
      col('Location', 'location', 'text', 1.4),
      col('Capacity', 'capacity', 'int', 0.6),
      col('Registered', 'registered', 'int', 0.7),
      col('Checked in', 'checkedIn', 'int', 0.7),
    ],
    money: false,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .where(where)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          db
            .select({
              id: events.id,
              startsAt: events.startsAt,
              time: events.time,
              title: events.title,
              type: events.type,
              location: events.location,
              max: events.maxAttendees,
              registered,
              checkedIn,
            })
            .from(events)
            .where(and(where, afterSql(events.startsAt, events.id, after, 'timestamptz')))
            .orderBy(asc(events.startsAt), asc(events.id))
            .limit(PAGE_SIZE),
        (e) => cursor(e.startsAt, e.id),
        (e) => [
          dateOf(e.startsAt, timeZone),
          e.time ?? '',
          e.title,
          e.type,
          e.location ?? '',
          e.max,
          Number(e.registered),
          Number(e.checkedIn),
        ],
      ),
    breakdown: async (by) =>
      toBreakdown(
        await db
          .select(groupCols(labels[by]!))
          .from(events)
          .where(where)
          .groupBy(...byLabel)
          .orderBy(...byLabel),
        false,
      ),
    totals: async () => {
      const [t] = await db
        .select({
          n: sql<number>`count(*)::int`,
          registered: sql<number>`coalesce(sum(${registered}), 0)::int`,
          checkedIn: sql<number>`coalesce(sum(${checkedIn}), 0)::int`,
        })
        .from(events)
        .where(where);
      return [
        ['Events', String(t!.n)],
        ['Registrations', String(t!.registered)],
        ['Check-ins', String(t!.checkedIn)],
      ];
    },
  };
}

/**
 * The member directory: active members who agreed to appear in it
 * (consent 'directory_listing'), with exactly what they agreed to share —
 * name, phone number and address.
 */
function directorySource({ db }: SourceContext): ReportSource {
  const where = and(congregation, eq(users.status, 'active'), eq(users.isActive, true), consentGranted('directory_listing', users.id));
  return {
    columns: [col('Name', 'name', 'text', 1.4), col('Phone', 'phone', 'text', 1), col('Address', 'address', 'text', 2.4)],
    money: false,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          db
            .select({ id: users.id, name: users.name, phone: users.phone, address: users.address })
            .from(users)
            .where(and(where, afterSql(users.name, users.id, after, 'text')))
            .orderBy(asc(users.name), asc(users.id))
            .limit(PAGE_SIZE),
        (u) => cursor(u.name, u.id),
        (u) => [u.name, u.phone ?? '', u.address ?? ''],
      ),
    breakdown: null,
    totals: async () => [],
  };
}

/** Address labels: every active member with a postal address, for the church office's own post. */
function labelsSource({ db }: SourceContext): ReportSource {
  const where = and(congregation, eq(users.status, 'active'), eq(users.isActive, true), ne(sql`trim(coalesce(${users.address}, ''))`, ''));
  return {
    columns: [col('Name', 'name'), col('Address', 'address')],
    money: false,
    count: async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where)
      )[0]!.n,
    pages: () =>
      keyset(
        (after) =>
          db
            .select({ id: users.id, name: users.name, address: users.address })
            .from(users)
            .where(and(where, afterSql(users.name, users.id, after, 'text')))
            .orderBy(asc(users.name), asc(users.id))
            .limit(PAGE_SIZE),
        (u) => cursor(u.name, u.id),
        (u) => [u.name, u.address ?? ''],
      ),
    breakdown: null,
    totals: async () => [],
  };
}

export function reportSource(type: ExportType, ctx: SourceContext): ReportSource {
  switch (type) {
    case 'financial':
      return donationsSource(ctx, true);
    case 'giving':
      return donationsSource(ctx, false);
    case 'members':
      return membersSource(ctx);
    case 'attendance':
      return attendanceSource(ctx);
    case 'prayer':
      return prayerSource(ctx);
    case 'events':
      return eventsSource(ctx);
    case 'directory':
      return directorySource(ctx);
    case 'labels':
      return labelsSource(ctx);
  }
}
