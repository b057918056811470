import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@church/contract/http';
import { formatRand } from '@church/contract/rules/money';
import { STATEMENT_TEXTS, statementFileName, statementQuery, type StatementQuery } from '@church/contract/giving-statements';
import type { Db } from '../../db/client';
import { donations, users } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { pipeTo, sendGenerated } from '../../lib/downloads';
import { loadArchiver, loadPdfKit } from '../../lib/heavy-modules';
import { auth, currentUser } from '../../plugins/auth';
import { zonedMidnight } from './period';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['Giving: statements'];
const security = [{ bearerAuth: [] }];

interface Person {
  id: string;
  name: string;
  email: string | null;
  address: string | null;
}
interface Gift {
  givenAt: Date;
  amountCents: number;
  fund: string;
  paymentMethod: string;
  reference: string | null;
}

/** The period's first instant and the instant after its last day, in the church's zone. */
function bounds(q: StatementQuery, timeZone: string) {
  const [fy, fm, fd] = q.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = q.to.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(ty, tm - 1, td + 1));
  return {
    from: zonedMidnight(fy, fm, fd, timeZone),
    to: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/**
 * Giving statements (issue 32): every completed gift of one person in a period, for their own records,
 * beside (never instead of) section 18A certificates, which list only eligible gifts. Amounts are the
 * books' cents; a refunded or cancelled gift is not on it. Dates are the church's calendar dates.
 */
export function createStatements(d: { db: Db; timeZone: () => Promise<string>; churchName: () => Promise<string> }) {
  const completedIn = (from: Date, to: Date) =>
    and(eq(donations.status, 'completed'), gte(donations.givenAt, from), lt(donations.givenAt, to));

  async function gifts(userIds: string[], from: Date, to: Date): Promise<Map<string, Gift[]>> {
    const rows = await d.db
      .select({
        userId: donations.userId,
        givenAt: donations.givenAt,
        amountCents: donations.amountCents,
        fund: donations.fund,
        paymentMethod: donations.paymentMethod,
        reference: sql<string | null>`coalesce(${donations.reference}, ${donations.externalRef})`,
      })
      .from(donations)
      .where(and(inArray(donations.userId, userIds), completedIn(from, to)))
      .orderBy(asc(donations.givenAt), asc(donations.id));
    const out = new Map<string, Gift[]>();
    for (const r of rows) out.set(r.userId!, [...(out.get(r.userId!) ?? []), r]);
    return out;
  }

  async function person(id: string): Promise<Person | undefined> {
    const [p] = await d.db
      .select({ id: users.id, name: users.name, email: users.email, address: users.address })
      .from(users)
      .where(eq(users.id, id));
    return p;
  }

  async function pdf(p: Person, list: Gift[], q: StatementQuery, timeZone: string, churchName: string): Promise<Readable> {
    const day = (at: Date) => at.toLocaleDateString('en-ZA', { timeZone, day: '2-digit', month: 'short', year: 'numeric' });
    const words = (iso: string) =>
      new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' });
    const doc = new (await loadPdfKit())({
      size: 'A4',
      margin: 50,
      info: { Title: `${STATEMENT_TEXTS.title}: ${p.name}`, Author: churchName },
    });
    doc.font('Helvetica-Bold').fontSize(16).text(churchName);
    doc.moveDown(0.3).fontSize(13).text(STATEMENT_TEXTS.title);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${words(q.from)} to ${words(q.to)}`);
    doc.moveDown().font('Helvetica-Bold').text(p.name);
    doc.font('Helvetica');
    if (p.address) doc.text(p.address);
    if (p.email) doc.text(p.email);
    doc.moveDown();
    if (list.length === 0) doc.text(STATEMENT_TEXTS.none);
    else {
      const cols = [50, 140, 300, 400];
      const row = (cells: string[], bold = false) => {
        const y = doc.y;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
        cells.forEach((c, i) =>
          doc.text(c, cols[i], y, { width: i === 3 ? 145 : cols[i + 1]! - cols[i]! - 8, align: i === 3 ? 'right' : 'left' }),
        );
        doc.moveDown(0.2);
        doc.x = 50;
      };
      row(['Date', 'Fund', 'Method', 'Amount'], true);
      const method = (m: string) => (m === 'eft' ? 'EFT' : m.charAt(0).toUpperCase() + m.slice(1));
      for (const g of list) row([day(g.givenAt), g.fund, method(g.paymentMethod), formatRand(g.amountCents / 100)]);
      doc.moveDown(0.5);
      const byFund = new Map<string, number>();
      for (const g of list) byFund.set(g.fund, (byFund.get(g.fund) ?? 0) + g.amountCents);
      for (const [fund, cents] of [...byFund].sort()) row(['', fund, 'subtotal', formatRand(cents / 100)]);
      const total = list.reduce((s, g) => s + g.amountCents, 0);
      row(['', `${list.length} gift${list.length === 1 ? '' : 's'}`, 'Total', formatRand(total / 100)], true);
    }
    doc.moveDown(2).font('Helvetica-Oblique').fontSize(8).text(STATEMENT_TEXTS.notACertificate, 50, doc.y, { width: 495 });
    doc.end();
    return doc as unknown as Readable;
  }

  return {
    async one(userId: string, q: StatementQuery) {
      const p = await person(userId);
      if (!p) throw notFound('No person with that id');
      const tz = await d.timeZone();
      const { from, to } = bounds(q, tz);
      const list = (await gifts([p.id], from, to)).get(p.id) ?? [];
      return { fileName: statementFileName(p.name, q), stream: await pdf(p, list, q, tz, await d.churchName()) };
    },
    /** Everyone with a completed gift in the period, with their own account (gifts without one have no person to send to). */
    async givers(q: StatementQuery) {
      const tz = await d.timeZone();
      const { from, to } = bounds(q, tz);
      const rows = await d.db
        .selectDistinct({ id: users.id, name: users.name, email: users.email, address: users.address })
        .from(donations)
        .innerJoin(users, eq(users.id, donations.userId))
        .where(and(isNotNull(donations.userId), completedIn(from, to)))
        .orderBy(asc(users.name), asc(users.id));
      return { rows, from, to, tz };
    },
    gifts,
    pdf,
  };
}
export type Statements = ReturnType<typeof createStatements>;

/** GET a statement: one's own, anyone's (named giving), or everyone's as a ZIP (the treasurer). */
export async function statementRoutes(
  appBase: FastifyInstance,
  { statements, churchName }: { statements: Statements; churchName: () => Promise<string> },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const pdfReply = (reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown }, fileName: string) => {
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    reply.type('application/pdf');
  };

  app.get(
    '/giving/statements/mine',
    {
      preHandler: auth.required,
      schema: { tags, security, summary: 'My giving statement for a period (PDF)', querystring: statementQuery, response: errors },
    },
    async (request, reply) => {
      const s = await statements.one(currentUser(request).id, request.query);
      pdfReply(reply, s.fileName);
      return reply.send(s.stream as never);
    },
  );

  app.get(
    '/giving/statements/zip',
    {
      preHandler: auth.permission('finance:manage'),
      schema: {
        tags,
        security,
        summary: 'A giving statement for everyone who gave in a period, one PDF each, as one ZIP (streamed)',
        querystring: statementQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, from, to, tz } = await statements.givers(q);
      if (rows.length === 0) throw badRequest(STATEMENT_TEXTS.noGivers);
      const name = await churchName();
      const archiver = await loadArchiver();
      return sendGenerated(
        request,
        reply,
        { type: 'application/zip', fileName: `giving-statements-${q.from}-to-${q.to}.zip` },
        async (out, signal) => {
          const zip = archiver('zip', { zlib: { level: 6 } });
          const piped = pipeTo(zip, out, signal);
          const used = new Set<string>();
          // A page of givers at a time, one PDF at a time: memory holds one statement however many there are.
          for (let i = 0; i < rows.length; i += 200) {
            const page = rows.slice(i, i + 200);
            const byPerson = await statements.gifts(
              page.map((p) => p.id),
              from,
              to,
            );
            for (const p of page) {
              signal.throwIfAborted();
              let file = statementFileName(p.name, q);
              if (used.has(file)) file = file.replace(/\.pdf$/, `-${p.id.slice(0, 8)}.pdf`);
              used.add(file);
              const written = once(zip, 'entry', { signal });
              zip.append(await statements.pdf(p, byPerson.get(p.id) ?? [], q, tz, name), { name: file });
              await written;
            }
          }
          zip.finalize().catch(() => {});
          await piped;
        },
      );
    },
  );

  app.get(
    '/giving/statements/:id',
    {
      preHandler: auth.permission('giving:named'),
      schema: {
        tags,
        security,
        summary: "A person's giving statement for a period (PDF): who gave what, so named giving only",
        params: idParams,
        querystring: statementQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const s = await statements.one(request.params.id, request.query);
      pdfReply(reply, s.fileName);
      return reply.send(s.stream as never);
    },
  );
}
